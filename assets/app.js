// The page of `gamespace serve`: one game at a time against the perfect
// program, everything from the JSON API (/api/GAME/value), no framework.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);

// How long the program waits before its move, so that a person sees it.
const PROGRAM_DELAY_MS = 350;
// A Mu Torere game is drawn when a position, with the same side to move,
// comes up a third time (as in `gamespace mu-torere play`).
const REPETITIONS = 3;

function range(from, to, step = 1) {
  const out = [];
  for (let i = from; i <= to; i += step) out.push(i);
  return out;
}

// Every RxC with rows and columns in their ranges and at most `cells` cells.
function boards(rows, cols, least, cells, slowFrom, slowNote) {
  const out = [];
  for (const r of rows) {
    for (const c of cols) {
      if (r * c < least || r * c > cells) continue;
      const size = `${r}x${c}`;
      out.push([size, r * c >= slowFrom ? `${size} (${slowNote})` : size]);
    }
  }
  return out;
}

const GAMES = {
  "mu-torere": {
    names: { b: "Black", w: "White" },
    first: "b",
    sizes: range(4, 20, 2).map((p) => [String(p), p === 8 ? "8 points (traditional)" : `${p} points`]),
    size: "8",
    rules: [["standard", "standard"], ["free", "free centre"]],
    query: (size, rule) => ({ points: size, rule }),
    draw: drawMuTorere,
  },
  cephalopod: {
    names: { w: "White", b: "Black" },
    first: "w",
    sizes: boards(range(1, 5), range(1, 5), 2, 9, 8, "minutes the first time"),
    size: "2x2",
    rules: [["majority", "majority"], ["sixes", "sixes"]],
    query: (size, rule) => ({ size, rule }),
    draw: drawCephalopod,
  },
  "pawn-chess": {
    names: { w: "White", b: "Black" },
    first: "w",
    sizes: boards(range(2, 8), range(1, 8), 2, 25, 99, ""),
    size: "4x4",
    rules: null,
    query: (size) => ({ size }),
    draw: drawPawnChess,
  },
};

// The state of the page: the game, and the answers of the positions so far.
const S = {
  game: "mu-torere",
  size: "8",
  rule: "standard",
  players: "first", // first, second, both or none: the sides a person plays
  history: [], // [{ answer, move }]: `move` is the move that led there
  selected: null, // a cell or pawn whose moves are picked from
  busy: false,
  gen: 0, // bumped by every new game, undo and swap, to drop stale work
};
const answers = new Map();

function game() {
  return GAMES[S.game];
}
function current() {
  return S.history.length ? S.history[S.history.length - 1].answer : null;
}
function sideToMove(answer) {
  return answer.position.slice(-1);
}
function other(side) {
  return side === "w" ? "b" : "w";
}
function humanPlays(side) {
  const first = side === game().first;
  return S.players === "both" || (S.players === "first" && first) || (S.players === "second" && !first);
}

function valueText(v, remoteness) {
  if (v === "draw") return "draw";
  if (remoteness === 0) return v === "tie" ? "tie now" : v === "win" ? "won" : "lost";
  return `${v} in ${remoteness}`;
}
function valueShort(v, remoteness) {
  return v === "draw" ? "draw" : `${v} ${remoteness}`;
}

async function fetchValue(position) {
  const q = new URLSearchParams(game().query(S.size, S.rule));
  if (position !== null) q.set("position", position);
  const url = `/api/${S.game}/value?${q}`;
  if (!answers.has(url)) {
    const reply = await fetch(url);
    const body = await reply.json();
    if (!reply.ok) throw new Error(body.error || `the server answered ${reply.status}`);
    answers.set(url, body);
  }
  return answers.get(url);
}

// The game's end, if it is over: the winner's side, "tie" or "draw".
function ending() {
  const a = current();
  if (!a) return null;
  if (a.moves.length === 0) {
    if (a.value === "win") return { winner: sideToMove(a) };
    if (a.value === "loss") return { winner: other(sideToMove(a)) };
    return { tie: true };
  }
  if (S.game === "mu-torere") {
    const seen = S.history.filter((h) => h.answer.position === a.position).length;
    if (seen >= REPETITIONS) return { draw: true };
  }
  return null;
}

function endMessage(end) {
  const names = game().names;
  if (end.draw) return "Draw: this position, with the same side to move, has come up a third time.";
  if (end.tie) return "The game ends in a tie.";
  let text = `${names[end.winner]} wins.`;
  if (S.players === "first" || S.players === "second") {
    text += humanPlays(end.winner) ? " Well played: you beat the perfect player!" : " The program wins this time.";
  }
  return text;
}

// The program's move: the quickest win; else a tie or draw, leaving the
// person the most losing replies; else the slowest loss, leaving the fewest
// winning replies (the choice of `gamespace ... play`).
async function choose(moves) {
  const wins = moves.filter((m) => m.value === "win");
  if (wins.length) return wins.reduce((a, b) => (b.remoteness < a.remoteness ? b : a));
  const even = moves.filter((m) => m.value === "tie" || m.value === "draw");
  const count = async (m, value) => (await fetchValue(m.position)).moves.filter((r) => r.value === value).length;
  let best = null;
  if (even.length) {
    for (const m of even) {
      const traps = await count(m, "loss");
      if (!best || traps > best.score) best = { m, score: traps };
    }
    return best.m;
  }
  for (const m of moves) {
    const score = m.remoteness * 1000 - (await count(m, "win"));
    if (!best || score > best.score) best = { m, score };
  }
  return best.m;
}

async function play(move) {
  if (S.busy || ending()) return;
  const gen = S.gen;
  S.busy = true;
  S.selected = null;
  try {
    const answer = await fetchValue(move.position);
    if (gen !== S.gen) return;
    S.history.push({ answer, move });
  } catch (e) {
    if (gen === S.gen) showError(e);
  } finally {
    if (gen === S.gen) S.busy = false;
  }
  if (gen === S.gen) update();
}

function programTurn() {
  const gen = S.gen;
  setTimeout(async () => {
    if (gen !== S.gen) return;
    try {
      const move = await choose(current().moves);
      if (gen === S.gen) await play(move);
    } catch (e) {
      if (gen === S.gen) showError(e);
    }
  }, PROGRAM_DELAY_MS);
}

async function newGame() {
  const gen = ++S.gen;
  S.history = [];
  S.selected = null;
  S.busy = true;
  const slow = game().sizes.find(([s]) => s === S.size)?.[1].includes("minutes");
  setStatus(slow ? "Solving this board: minutes the first time, then it is kept in the cache…" : "Solving…");
  render();
  const hash = new URLSearchParams({ game: S.game, size: S.size, players: S.players });
  if (game().rules) hash.set("rule", S.rule);
  history.replaceState(null, "", `#${hash}`);
  try {
    const answer = await fetchValue(null);
    if (gen !== S.gen) return;
    S.history.push({ answer, move: null });
    S.busy = false;
    update();
  } catch (e) {
    if (gen === S.gen) {
      S.busy = false;
      showError(e);
    }
  }
}

function undo() {
  if (S.history.length < 2) return;
  S.gen++;
  S.busy = false;
  S.selected = null;
  do S.history.pop();
  while (S.history.length > 1 && !humanPlays(sideToMove(current())));
  update();
}

function swap() {
  if (S.players !== "first" && S.players !== "second") return;
  S.players = S.players === "first" ? "second" : "first";
  $("players").value = S.players;
  S.gen++;
  S.busy = false;
  update();
}

function setStatus(text, error = false) {
  $("status").textContent = text;
  $("status").classList.toggle("error", error);
}

function showError(e) {
  setStatus(`Error: ${e.message}`, true);
}

// Draws everything from the state, then lets the program move if it is its turn.
function update() {
  render();
  const a = current();
  const end = ending();
  if (a && !end && !S.busy && !humanPlays(sideToMove(a))) programTurn();
}

// Re-draws the page, keeping the keyboard's focus on the board or in the
// list of moves: on the same cell, stone or move if it is still there, else
// the first one, else the board or list itself (until the program has moved).
function render() {
  const old = document.activeElement;
  const box = old?.closest?.("#board, #moves");
  const key = old?.dataset?.cell ?? old?.dataset?.move;
  paint();
  if (!box) return;
  const targets = [...box.querySelectorAll("[tabindex='0'], button:not(:disabled)")];
  (targets.find((e) => (e.dataset.cell ?? e.dataset.move) === key) || targets[0] || box).focus();
}

function endClass(end) {
  if (!end) return "";
  if (!end.winner || S.players === "none" || S.players === "both") return "even";
  return humanPlays(end.winner) ? "won" : "lost";
}

function paint() {
  const a = current();
  const end = ending();
  const names = game().names;
  $("board").replaceChildren();
  delete $("board").dataset.position;
  $("moves").replaceChildren();
  $("end").hidden = !end;
  $("end").textContent = end ? endMessage(end) : "";
  $("end").className = endClass(end);
  $("undo").disabled = S.history.length < 2 || S.players === "none";
  $("swap").disabled = S.players === "both" || S.players === "none";
  drawChart();
  if (!a) return;
  const side = sideToMove(a);
  if (!end) {
    const who = humanPlays(side) ? (S.players === "both" ? "" : " (you)") : " (the program)";
    setStatus(`${names[side]} to move${who}: ${valueText(a.value, a.remoteness)} for ${names[side]}.`);
  } else {
    setStatus(`Game over after ${S.history.length - 1} moves.`);
  }
  const canPlay = !end && !S.busy && humanPlays(side);
  const svg = game().draw(a, canPlay);
  svg.setAttribute("role", "group");
  svg.setAttribute("aria-label", `${names[side]} to move; position ${a.position}`);
  $("board").append(svg);
  $("board").dataset.position = a.position;
  const shown = a.moves.filter((m) => !S.selected || movePart(m) === S.selected);
  for (const m of shown) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.className = `move v-${m.value}`;
    b.dataset.move = m.move;
    b.dataset.value = m.value;
    b.dataset.remoteness = m.remoteness ?? "";
    b.title = `${m.move}: ${valueText(m.value, m.remoteness)}`;
    b.setAttribute("aria-label", b.title);
    b.disabled = !canPlay;
    const name = document.createElement("span");
    name.textContent = m.move;
    const val = document.createElement("span");
    val.className = "val";
    val.textContent = valueShort(m.value, m.remoteness);
    b.append(name, val);
    b.addEventListener("click", () => play(m));
    li.append(b);
    $("moves").append(li);
  }
  if (S.selected) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "move all";
    b.textContent = "all moves";
    b.addEventListener("click", () => select(null));
    li.append(b);
    $("moves").append(li);
  }
  $("moves-hint").hidden = a.moves.length === 0;
}

// The part of a move that names what is picked on the board: the cell of a
// Cephalopod move, the pawn of a pawn-chess move, the stone of Mu Torere.
function movePart(m) {
  return S.game === "cephalopod" ? m.move.split("x")[0] : m.move.slice(0, m.move.search(/[-x]/));
}

function select(part) {
  S.selected = part;
  render();
}

// ---- SVG helpers

function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.append(e);
  return e;
}

function text(parent, x, y, content, attrs = {}) {
  const t = el("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", ...attrs }, parent);
  t.textContent = content;
  return t;
}

const RANK = { win: 3, tie: 2, draw: 2, loss: 1 };
function best(moves) {
  return moves.reduce((a, b) => (RANK[b.value] > RANK[a.value] ||
    (b.value === a.value && (b.remoteness ?? 0) < (a.remoteness ?? 0)) ? b : a));
}

// What a board target shows: the remoteness, or D for a draw.
function remLabel(m) {
  return m.value === "draw" ? "D" : String(m.remoteness);
}

// Makes `e` a target on the board for `moves`: one move is played at once;
// with `pick`, or several moves, `label` is selected and its moves offered.
function target(e, moves, canPlay, label, pick = moves.length > 1) {
  const m = best(moves);
  e.classList.add("target", `v-${m.value}`);
  e.dataset.moves = moves.length;
  const what = moves.length === 1 ? `${m.move}: ${valueText(m.value, m.remoteness)}`
    : `${label}: ${moves.length} moves, the best ${valueText(m.value, m.remoteness)}`;
  el("title", {}, e).textContent = what;
  if (!canPlay) return;
  e.setAttribute("tabindex", "0");
  e.setAttribute("role", "button");
  e.setAttribute("aria-label", what);
  const act = () => (pick ? select(S.selected === label ? null : label) : play(m));
  e.addEventListener("click", act);
  e.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      act();
    }
  });
}

// ---- Mu Torere: the 2n-gon, its centre and spokes.

function drawMuTorere(a, canPlay) {
  const [squares] = a.position.split(" ");
  const rim = squares.length - 1;
  const c = 150;
  const r = 115;
  // Point name -> its character in the squares and its place.
  const points = new Map();
  const at = (k, deg) => ({ x: c + r * Math.cos((deg * Math.PI) / 180), y: c + r * Math.sin((deg * Math.PI) / 180) });
  let order;
  if (rim === 8) {
    // The traditional squares 1..9, read like a page, 5 the centre.
    order = ["1", "2", "3", "6", "9", "8", "7", "4"];
    order.forEach((name, k) => points.set(name, { i: Number(name) - 1, ...at(k, -135 + 45 * k) }));
    points.set("5", { i: 4, x: c, y: c });
  } else {
    // Rim points 1..2n clockwise from the top, the centre 0 last.
    order = range(1, rim).map(String);
    order.forEach((name, k) => points.set(name, { i: k, ...at(k, -90 + (360 * k) / rim) }));
    points.set("0", { i: rim, x: c, y: c });
  }
  const centre = rim === 8 ? "5" : "0";
  const svg = el("svg", { viewBox: "0 0 300 300", class: "board mu-torere" });
  const poly = order.map((n) => `${points.get(n).x},${points.get(n).y}`).join(" ");
  el("polygon", { points: poly, class: "line" }, svg);
  for (const n of order) {
    const p = points.get(n);
    el("line", { x1: c, y1: c, x2: p.x, y2: p.y, class: "line" }, svg);
  }
  const from = new Map(a.moves.map((m) => [m.move.split("-")[0], m]));
  for (const m of a.moves) {
    const [f, t] = m.move.split("-").map((n) => points.get(n));
    el("line", { x1: f.x, y1: f.y, x2: t.x, y2: t.y, class: `path v-${m.value}` }, svg);
  }
  for (const [name, p] of points) {
    const stone = squares[p.i];
    const g = el("g", { class: "point", "data-point": name }, svg);
    el("circle", { cx: p.x, cy: p.y, r: 19, class: stone === "o" ? "empty" : `stone ${stone === "b" ? "black" : "white"}` }, g);
    if (name !== centre) {
      const out = { x: c + ((p.x - c) * 141) / r, y: c + ((p.y - c) * 141) / r };
      text(svg, out.x, out.y, name, { class: "label" });
    }
    const m = from.get(name);
    if (m) {
      target(g, [m], canPlay, name);
      g.dataset.move = m.move;
      text(g, p.x, p.y, remLabel(m), { class: `rem on-${stone}` });
    }
  }
  return svg;
}

// ---- Cephalopod: dice with their owners on an R x C board.

const PIPS = {
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

function drawCephalopod(a, canPlay) {
  const rows = a.position.split(" ")[0].split("/").map((row) => row.match(/\.|[wb][1-6]/g));
  const [R, C] = [rows.length, rows[0].length];
  const s = 70;
  const m0 = 22;
  const svg = el("svg", { viewBox: `0 0 ${C * s + m0 + 6} ${R * s + 26}`, class: "board cephalopod" });
  const byCell = new Map();
  for (const m of a.moves) {
    const cell = m.move.split("x")[0];
    if (!byCell.has(cell)) byCell.set(cell, []);
    byCell.get(cell).push(m);
  }
  const captured = new Set();
  if (S.selected) {
    for (const m of byCell.get(S.selected) || []) {
      for (const cell of (m.move.split("x")[1] || "").match(/[a-e][1-5]/g) || []) captured.add(cell);
    }
  }
  rows.forEach((row, r) => {
    text(svg, m0 / 2, r * s + 3 + s / 2, String(R - r), { class: "label" });
    row.forEach((die, col) => {
      const name = "abcde"[col] + (R - r);
      if (r === 0) text(svg, m0 + col * s + s / 2, R * s + 15, "abcde"[col], { class: "label" });
      const x = m0 + col * s;
      const y = r * s + 3;
      const g = el("g", { class: "cell", "data-cell": name }, svg);
      el("rect", { x: x + 2, y: y + 2, width: s - 4, height: s - 4, rx: 8, class: "square" }, g);
      if (die !== ".") {
        const owner = die[0] === "w" ? "white" : "black";
        el("rect", { x: x + 9, y: y + 9, width: s - 18, height: s - 18, rx: 9,
          class: `die ${owner}${captured.has(name) ? " captured" : ""}` }, g);
        for (const [dx, dy] of PIPS[die[1]]) {
          el("circle", { cx: x + s / 2 + dx * 13, cy: y + s / 2 + dy * 13, r: 5, class: `pip ${owner}` }, g);
        }
        el("title", {}, g).textContent = `${name}: ${owner} ${die[1]}`;
      } else if (byCell.has(name)) {
        const moves = byCell.get(name);
        target(g, moves, canPlay, name);
        if (S.selected === name) g.classList.add("selected");
        const m = best(moves);
        el("circle", { cx: x + s / 2, cy: y + s / 2, r: s / 2 - 12, class: "mark" }, g);
        text(g, x + s / 2, y + s / 2, moves.length > 1 ? `${moves.length}×` : remLabel(m), { class: "rem" });
      }
    });
  });
  return svg;
}

// ---- Pawn chess: any board, White moving up.

function drawPawnChess(a, canPlay) {
  const rows = a.position.split(" ")[0].split("/");
  const [R, C] = [rows.length, rows[0].length];
  const s = 56;
  const m0 = 20;
  const svg = el("svg", { viewBox: `0 0 ${C * s + m0 + 4} ${R * s + m0 + 4}`, class: "board pawn-chess" });
  const byPawn = new Map();
  for (const m of a.moves) {
    const from = m.move.slice(0, 2);
    if (!byPawn.has(from)) byPawn.set(from, []);
    byPawn.get(from).push(m);
  }
  const files = "abcdefgh";
  const place = (name) => {
    const col = files.indexOf(name[0]);
    const r = R - Number(name.slice(1));
    return { x: m0 + col * s, y: r * s + 2 };
  };
  rows.forEach((row, r) => {
    text(svg, m0 / 2, r * s + 2 + s / 2, String(R - r), { class: "label" });
    [...row].forEach((ch, col) => {
      const name = files[col] + (R - r);
      const { x, y } = place(name);
      if (r === 0) text(svg, x + s / 2, R * s + m0 - 4, files[col], { class: "label" });
      const g = el("g", { class: "cell", "data-cell": name }, svg);
      el("rect", { x, y, width: s, height: s, class: (r + col) % 2 ? "dark" : "light" }, g);
      if (ch !== ".") {
        const owner = ch === "P" ? "white" : "black";
        const cx = x + s / 2;
        el("circle", { cx, cy: y + s * 0.36, r: s * 0.14, class: `pawn ${owner}` }, g);
        el("path", { d: `M${cx - s * 0.24} ${y + s * 0.82} L${cx - s * 0.1} ${y + s * 0.48} L${cx + s * 0.1} ${y + s * 0.48} L${cx + s * 0.24} ${y + s * 0.82} Z`, class: `pawn ${owner}` }, g);
        if (byPawn.has(name)) {
          target(g, byPawn.get(name), canPlay, name, true);
          if (S.selected === name) g.classList.add("selected");
        }
      }
    });
  });
  for (const m of byPawn.get(S.selected) || []) {
    const { x, y } = place(m.move.slice(3, 5));
    const g = el("g", { class: "dest", "data-move": m.move }, svg);
    el("circle", { cx: x + s / 2, cy: y + s / 2, r: s * 0.3, class: "mark" }, g);
    text(g, x + s / 2, y + s / 2, remLabel(m), { class: "rem" });
    target(g, [m], canPlay, m.move, false);
  }
  return svg;
}

// ---- The value history: one dot a position, the first player's wins up,
// the second's down, draws and ties on the middle line; the nearer the
// end of a won game, the further from the middle (as in GamesmanUni).

function drawChart() {
  const g = game();
  const h = S.history.map((e) => e.answer);
  const box = $("chart");
  box.replaceChildren();
  const width = 320;
  const height = 170;
  const [top, mid, left] = [14, 85, 30];
  const half = mid - top;
  const most = Math.max(4, ...h.map((a) => a.remoteness ?? 0));
  const step = Math.min(22, (width - left - 10) / Math.max(1, h.length - 1));
  const svg = el("svg", { viewBox: `0 0 ${width} ${height}`, class: "chart" });
  const second = other(g.first);
  text(svg, left, 6, `${g.names[g.first]} wins`, { class: "axis", "text-anchor": "start" });
  text(svg, left, height - 6, `${g.names[second]} wins`, { class: "axis", "text-anchor": "start" });
  text(svg, left - 4, mid, "=", { class: "axis", "text-anchor": "end" });
  el("line", { x1: left, y1: mid, x2: width - 4, y2: mid, class: "mid" }, svg);
  el("line", { x1: left, y1: top, x2: left, y2: height - top, class: "axis-line" }, svg);
  // Wins and losses keep clear of the middle line, the longest the nearest.
  const offset = (rem) => half * (0.15 + (0.85 * (most - rem)) / most);
  text(svg, left - 4, mid - offset(0), "0", { class: "axis", "text-anchor": "end" });
  text(svg, left - 4, mid + offset(0), "0", { class: "axis", "text-anchor": "end" });
  const dots = h.map((a, i) => {
    const x = left + i * step;
    let y = mid;
    if (a.value === "win" || a.value === "loss") {
      const up = (a.value === "win") === (sideToMove(a) === g.first);
      y = up ? mid - offset(a.remoteness) : mid + offset(a.remoteness);
    }
    return { a, x, y, i };
  });
  if (dots.length > 1) el("polyline", { points: dots.map((d) => `${d.x},${d.y}`).join(" "), class: "trace" }, svg);
  for (const d of dots) {
    const c = el("circle", { cx: d.x, cy: d.y, r: 4.5, class: `dot v-${d.a.value}` }, svg);
    el("title", {}, c).textContent = `move ${d.i}, ${g.names[sideToMove(d.a)]} to move: ${valueText(d.a.value, d.a.remoteness)}`;
  }
  box.append(svg);
  box.setAttribute("aria-label", `Value history: ${dots.map((d) => `${g.names[sideToMove(d.a)]} ${valueText(d.a.value, d.a.remoteness)}`).join(", ")}`);
}

// ---- The form.

function fillSetup() {
  const g = game();
  const option = (value, label) => new Option(label, value);
  $("game").value = S.game;
  $("size").replaceChildren(...g.sizes.map(([v, l]) => option(v, l)));
  if (!g.sizes.some(([v]) => v === S.size)) S.size = g.size;
  $("size").value = S.size;
  $("rule-label").hidden = !g.rules;
  $("rule").replaceChildren(...(g.rules || []).map(([v, l]) => option(v, l)));
  if (g.rules && !g.rules.some(([v]) => v === S.rule)) S.rule = g.rules[0][0];
  if (g.rules) $("rule").value = S.rule;
  const [first, second] = [g.names[g.first], g.names[other(g.first)]];
  $("players").replaceChildren(option("first", `${first} (first)`), option("second", second),
    option("both", "both sides"), option("none", "neither (watch)"));
  $("players").value = S.players;
}

function start() {
  const hash = new URLSearchParams(location.hash.slice(1));
  if (GAMES[hash.get("game")]) S.game = hash.get("game");
  S.size = hash.get("size") || game().size;
  S.rule = hash.get("rule") || "";
  if (["first", "second", "both", "none"].includes(hash.get("players"))) S.players = hash.get("players");
  fillSetup();
  $("game").addEventListener("change", () => {
    S.game = $("game").value;
    S.size = game().size;
    fillSetup();
    newGame();
  });
  for (const id of ["size", "rule"]) {
    $(id).addEventListener("change", () => {
      S.size = $("size").value;
      S.rule = $("rule").value;
      newGame();
    });
  }
  $("players").addEventListener("change", () => {
    S.players = $("players").value;
    S.gen++;
    S.busy = false;
    update();
  });
  $("setup").addEventListener("submit", (ev) => {
    ev.preventDefault();
    newGame();
  });
  $("undo").addEventListener("click", undo);
  $("swap").addEventListener("click", swap);
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && S.selected) select(null);
  });
  $("puzzle-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const out = $("puzzle-answer");
    const q = new URLSearchParams({ depth: $("puzzle-depth").value, board: $("puzzle-board").value });
    out.textContent = "Counting…";
    try {
      const reply = await fetch(`/api/cephalopods/puzzle?${q}`);
      const body = await reply.json();
      out.textContent = reply.ok ? `Sum: ${body.sum}` : `Error: ${body.error}`;
    } catch (e) {
      out.textContent = `Error: ${e.message}`;
    }
  });
  newGame();
}

start();
