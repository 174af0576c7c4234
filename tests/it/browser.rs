//! The page of `gamespace serve` in a real browser: headless Chromium driven
//! through WebDriver (chromedriver). It plays a whole Mu Torere game as
//! black against the program and a Cephalopod 2x2 game to their ends, checks
//! every move's value and colour against the API's answer for the same
//! position, and the end messages; it plays Cephalopod 2x3 by clicking cells
//! and pawn chess by picking a pawn and its square, takes a move back with
//! undo, hands its side to the program with swap, fills the puzzle form, and
//! checks that the browser's console holds no errors.
//!
//! It needs Debian's `chromium` and `chromium-driver`. `.ci/run` installs
//! them and sets `GAMESPACE_BROWSER_TEST=required`, under which a missing
//! chromedriver fails the test, so CI never skips it; elsewhere (a fresh
//! machine with only Rust) the test says on stderr that it did not run.
//! `CHROMEDRIVER` and `CHROMIUM` name other binaries. With
//! `GAMESPACE_SCREENSHOTS=DIR` it also saves each game's page at desktop and
//! phone widths in DIR (the README's pictures, docs/serve-*.png).

use crate::server::{Process, Server, fresh_dir};
use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::key::Key;
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long the page may take to answer a move, the program's included.
const PATIENCE: Duration = Duration::from_secs(30);

/// The value colours of the page's style sheet, as the browser computes them.
fn colour(value: &str) -> &'static str {
    match value {
        "win" => "rgb(22, 121, 74)",
        "loss" => "rgb(179, 38, 30)",
        "tie" => "rgb(242, 193, 46)",
        "draw" => "rgb(43, 95, 168)",
        other => panic!("no colour for value {other:?}"),
    }
}

/// The file that `variable` names, else the first of `candidates` that
/// exists, as a path or a name on PATH.
fn program(variable: &str, candidates: &[&str]) -> Option<PathBuf> {
    if let Some(path) = std::env::var_os(variable) {
        return Some(PathBuf::from(path)).filter(|p| p.is_file());
    }
    let on_path = std::env::var_os("PATH")
        .map(|paths| std::env::split_paths(&paths).collect::<Vec<_>>())
        .unwrap_or_default();
    candidates.iter().find_map(|name| {
        let name = Path::new(name);
        if name.is_absolute() {
            name.is_file().then(|| name.to_owned())
        } else {
            on_path.iter().map(|dir| dir.join(name)).find(|p| p.is_file())
        }
    })
}

/// chromedriver on a free loopback port, and its port; `None` where there
/// is no chromedriver and `GAMESPACE_BROWSER_TEST` is not `required`.
fn chromedriver() -> Option<(Process, u16)> {
    let missing = "chromedriver is missing: the browser test needs Chromium and its WebDriver; \
                   install them with `apt-get install chromium chromium-driver` (Debian), or set \
                   CHROMEDRIVER and CHROMIUM";
    let Some(driver) = program("CHROMEDRIVER", &["chromedriver", "/usr/bin/chromedriver"]) else {
        if std::env::var_os("GAMESPACE_BROWSER_TEST").is_some_and(|v| v == "required") {
            panic!("{missing}");
        }
        eprintln!("the browser test did not run: {missing}");
        return None;
    };
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let child = Command::new(&driver)
        .arg(format!("--port={port}"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", driver.display()));
    let process = Process {
        child,
        dir: fresh_dir("driver"),
    };
    let deadline = Instant::now() + PATIENCE;
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            Instant::now() < deadline,
            "chromedriver does not listen on port {port}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    Some((process, port))
}

/// One HTTP/1.1 request, its status and JSON body, read to its
/// `Content-Length` (chromedriver keeps the connection open).
fn http(address: &str, method: &str, target: &str, body: Option<&Value>) -> (u16, Value) {
    let body = body.map(Value::to_string).unwrap_or_default();
    let mut stream = TcpStream::connect(address).unwrap();
    stream.set_read_timeout(Some(PATIENCE)).unwrap();
    write!(
        stream,
        "{method} {target} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut reader = BufReader::new(stream);
    let mut line = String::new();
    reader.read_line(&mut line).unwrap();
    let status = line
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{method} {target}: not an HTTP answer: {line:?}"));
    let mut length = 0;
    loop {
        line.clear();
        reader.read_line(&mut line).unwrap();
        if line.trim().is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':')
            && name.eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse().unwrap();
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body).unwrap();
    (status, serde_json::from_slice(&body).unwrap())
}

/// A WebDriver session, ended when dropped, so that a failed test leaves no
/// browser behind.
struct Session {
    driver: String,
    id: String,
}

impl Drop for Session {
    fn drop(&mut self) {
        if let Ok(mut stream) = TcpStream::connect(&self.driver) {
            let _ = stream.set_read_timeout(Some(PATIENCE));
            let _ = write!(
                stream,
                "DELETE /session/{} HTTP/1.1\r\nHost: {}\r\nContent-Length: 0\r\n\r\n",
                self.id, self.driver
            );
            let _ = stream.read(&mut [0; 64]);
        }
    }
}

/// The API's answer for `position` of `game`, with the variant's `query`.
fn api(address: &str, game: &str, query: &str, position: &str) -> Value {
    let position: String = form_urlencoded::byte_serialize(position.as_bytes()).collect();
    let (status, answer) = http(
        address,
        "GET",
        &format!("/api/{game}/value?{query}&position={position}"),
        None,
    );
    assert_eq!(status, 200, "{answer}");
    answer
}

/// What the page shows: its position, the moves listed, whether a person
/// may play, and its end message.
const STATE: &str = r##"
const board = document.getElementById("board");
const end = document.getElementById("end");
const moves = [...document.querySelectorAll("#moves button.move[data-move]")].map((b) => ({
  move: b.dataset.move,
  value: b.dataset.value,
  remoteness: b.dataset.remoteness,
  colour: getComputedStyle(b).backgroundColor,
  title: b.title,
  enabled: !b.disabled,
}));
const targets = [...document.querySelectorAll("#board .target")].map((t) => ({
  value: [...t.classList].find((c) => c.startsWith("v-")).slice(2),
  stroke: getComputedStyle(t.querySelector("circle")).stroke,
  fill: getComputedStyle(t.querySelector("circle")).fill,
  focusable: t.getAttribute("tabindex") === "0",
  label: t.getAttribute("aria-label"),
}));
return {
  position: board.dataset.position || null,
  moves,
  targets,
  end: end.hidden ? null : end.textContent,
  status: document.getElementById("status").textContent,
  dots: document.querySelectorAll("#chart .dot").length,
};
"##;

async fn state(client: &Client) -> Value {
    client.execute(STATE, vec![]).await.unwrap()
}

/// Waits until the page shows a position other than `before` on which a
/// person may play or the game has ended.
async fn settle(client: &Client, before: Option<&str>) -> Value {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let s = state(client).await;
        let position = s["position"].as_str();
        let ready = s["end"].is_string()
            || s["moves"]
                .as_array()
                .unwrap()
                .iter()
                .any(|m| m["enabled"] == true);
        if position.is_some() && position != before && ready {
            return s;
        }
        assert!(
            Instant::now() < deadline,
            "the page did not move on from {before:?}: {s}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Checks that the page's moves are the API's, with its values, colours
/// and remoteness, and returns the API's answer.
fn check_moves(s: &Value, answer: &Value) {
    let shown = s["moves"].as_array().unwrap();
    let expected = answer["moves"].as_array().unwrap();
    assert_eq!(shown.len(), expected.len(), "{s}\n{answer}");
    for (m, e) in shown.iter().zip(expected) {
        let value = e["value"].as_str().unwrap();
        assert_eq!(m["move"], e["move"], "{s}");
        assert_eq!(m["value"], value, "{s}");
        let remoteness = e["remoteness"]
            .as_u64()
            .map(|r| r.to_string())
            .unwrap_or_default();
        assert_eq!(m["remoteness"], remoteness.as_str(), "{s}");
        assert_eq!(m["colour"], colour(value), "{}: {s}", m["move"]);
        let title = m["title"].as_str().unwrap();
        assert!(title.contains(value), "{title}");
        if !remoteness.is_empty() && remoteness != "0" {
            assert!(title.contains(&remoteness), "{title}");
        }
        assert_eq!(m["enabled"], true, "{s}");
    }
}

/// Presses and releases each of `keys` in turn, on the focused element.
async fn press(client: &Client, keys: &[Key]) {
    let mut actions = KeyActions::new("keyboard".to_owned());
    for &key in keys {
        actions = actions
            .then(KeyAction::Down { value: key.into() })
            .then(KeyAction::Up { value: key.into() });
    }
    client.perform_actions(actions).await.unwrap();
}

/// Clicks the element that `locator` finds.
async fn click(client: &Client, locator: Locator<'_>) {
    client.find(locator).await.unwrap().click().await.unwrap();
}

async fn choose(client: &Client, select: &str, value: &str) {
    let option = format!("#{select} option[value='{value}']");
    click(client, Locator::Css(&option)).await;
}

async fn screenshots(client: &Client, name: &str) {
    let Some(dir) = std::env::var_os("GAMESPACE_SCREENSHOTS") else {
        return;
    };
    for (width, height, kind) in [(1280, 800, "desktop"), (390, 844, "phone")] {
        client.set_window_size(width, height).await.unwrap();
        tokio::time::sleep(Duration::from_millis(300)).await;
        let png = client.screenshot().await.unwrap();
        std::fs::write(Path::new(&dir).join(format!("serve-{name}-{kind}.png")), png).unwrap();
    }
    client.set_window_size(1280, 800).await.unwrap();
}

/// Plays Mu Torere as black: the worst move each turn (a losing one when
/// there is one), so that the program wins.
async fn mu_torere(client: &Client, address: &str) -> String {
    let mut s = settle(client, None).await;
    assert_eq!(s["position"], "wwwbowbbb b", "{s}");
    assert!(
        s["status"].as_str().unwrap().contains("Black to move (you)"),
        "{s}"
    );
    let mut plies = 0;
    let mut pictured = false;
    while s["end"].is_null() {
        let position = s["position"].as_str().unwrap().to_owned();
        assert!(position.ends_with(" b"), "the person plays black: {s}");
        let answer = api(address, "mu-torere", "points=8&rule=standard", &position);
        check_moves(&s, &answer);
        // The board's targets: one stone a move, in the move's colour.
        let targets = s["targets"].as_array().unwrap();
        assert_eq!(targets.len(), answer["moves"].as_array().unwrap().len(), "{s}");
        for t in targets {
            assert_eq!(t["stroke"], colour(t["value"].as_str().unwrap()), "{s}");
            assert_eq!(t["focusable"], true, "{s}");
        }
        let moves = answer["moves"].as_array().unwrap();
        let worst = moves.iter().find(|m| m["value"] == "loss").unwrap_or(&moves[0]);
        if !pictured && moves.iter().any(|m| m["value"] != worst["value"]) {
            // A choice between a draw and a loss: the page's picture.
            screenshots(client, "mu-torere").await;
            pictured = true;
        }
        let played = if plies == 0 {
            // The first move with the keyboard alone: Tab from the board to
            // its first stone that can move, Enter to move it.
            client
                .execute("document.getElementById('board').focus();", vec![])
                .await
                .unwrap();
            press(client, &[Key::Tab]).await;
            let focused = client.active_element().await.unwrap();
            let keyed = focused.attr("data-move").await.unwrap();
            press(client, &[Key::Enter]).await;
            keyed.expect("Tab reaches a stone that moves")
        } else {
            // Played on the board: the stone that moves.
            let mv = worst["move"].as_str().unwrap();
            click(client, Locator::Css(&format!("#board .target[data-move='{mv}']"))).await;
            mv.to_owned()
        };
        s = settle(client, Some(&position)).await;
        // The program answered the move played (unless it ended the game),
        // with one of its best moves.
        let after = moves.iter().find(|m| m["move"] == played.as_str()).unwrap();
        if s["position"] != after["position"] {
            let replies = api(
                address,
                "mu-torere",
                "points=8&rule=standard",
                after["position"].as_str().unwrap(),
            );
            let rank = |m: &Value| ["loss", "draw", "win"].iter().position(|v| m["value"] == *v);
            let replies = replies["moves"].as_array().unwrap();
            let reply = replies
                .iter()
                .find(|m| m["position"] == s["position"])
                .unwrap_or_else(|| panic!("{played} was not played: {s}"));
            assert_eq!(rank(reply), replies.iter().map(rank).max().unwrap(), "{s}");
        }
        plies += 2;
        assert!(plies < 60, "the game does not end: {s}");
    }
    let position = s["position"].as_str().unwrap();
    let answer = api(address, "mu-torere", "points=8&rule=standard", position);
    assert_eq!(
        answer["moves"],
        json!([]),
        "the game ends when black cannot move: {s}"
    );
    assert_eq!(answer["value"], "loss");
    assert!(position.ends_with(" b"), "{s}");
    let end = s["end"].as_str().unwrap();
    assert!(end.starts_with("White wins."), "{end}");
    assert!(end.contains("The program wins"), "{end}");
    assert!(s["status"].as_str().unwrap().starts_with("Game over"), "{s}");
    assert_eq!(s["moves"], json!([]), "{s}");
    // One dot a position, the start's included.
    assert_eq!(s["dots"].as_u64().unwrap(), plies + 1, "{s}");
    position.to_owned()
}

/// Plays Cephalopod 2x2 as white, the best move each turn: a tie. `before`
/// is the position shown until then.
async fn cephalopod(client: &Client, address: &str, before: &str) -> String {
    choose(client, "game", "cephalopod").await;
    choose(client, "size", "2x2").await;
    let mut s = settle(client, Some(before)).await;
    assert_eq!(s["position"], "../.. w", "{s}");
    let mut plies = 0;
    while s["end"].is_null() {
        let position = s["position"].as_str().unwrap().to_owned();
        let answer = api(address, "cephalopod", "size=2x2&rule=majority", &position);
        check_moves(&s, &answer);
        let rank = |m: &Value| match m["value"].as_str().unwrap() {
            "win" => 2,
            "tie" => 1,
            _ => 0,
        };
        let moves = answer["moves"].as_array().unwrap();
        let best = moves.iter().max_by_key(|m| rank(m)).unwrap();
        assert_eq!(rank(best), 1, "2x2 is a tie: {answer}");
        let mv = best["move"].as_str().unwrap();
        click(client, Locator::Css(&format!("#moves button[data-move='{mv}']"))).await;
        s = settle(client, Some(&position)).await;
        plies += 2;
        assert!(plies < 40, "the game does not end: {s}");
    }
    let position = s["position"].as_str().unwrap();
    assert!(!position.contains('.'), "the board is full: {s}");
    let answer = api(address, "cephalopod", "size=2x2&rule=majority", position);
    assert_eq!(answer["value"], "tie", "{answer}");
    assert_eq!(s["end"], "The game ends in a tie.", "{s}");
    position.to_owned()
}

/// Plays the first moves of Cephalopod 2x3 on the board itself: a click on
/// each cell with one move.
async fn cephalopod_board(client: &Client, before: &str) -> String {
    choose(client, "size", "2x3").await;
    let mut s = settle(client, Some(before)).await;
    assert_eq!(s["position"], ".../... w", "{s}");
    for _ in 0..3 {
        let position = s["position"].as_str().unwrap().to_owned();
        let cell = client
            .find(Locator::Css("#board .target[data-cell][data-moves='1']"))
            .await
            .unwrap();
        cell.click().await.unwrap();
        s = settle(client, Some(&position)).await;
    }
    s["position"].as_str().unwrap().to_owned()
}

/// Picks a pawn, then one of the squares it can go to, each marked in the
/// colour of its move.
async fn pawn_chess(client: &Client, address: &str) {
    let answer = api(address, "pawn-chess", "size=4x4", "pppp/..../..../PPPP w");
    click(client, Locator::Css("#board .target[data-cell='b1']")).await;
    let dest = client
        .find(Locator::Css("#board .dest[data-move='b1-b2']"))
        .await
        .unwrap();
    let value = answer["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["move"] == "b1-b2")
        .unwrap()["value"]
        .as_str()
        .unwrap();
    let fill = client
        .execute(
            "return getComputedStyle(document.querySelector('#board .dest circle')).fill;",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(fill, colour(value));
    let s = state(client).await;
    assert_eq!(
        s["moves"].as_array().unwrap().len(),
        1,
        "only b1's moves are listed: {s}"
    );
    screenshots(client, "pawn-chess").await;
    dest.click().await.unwrap();
    // The program has answered; White's pawn stands on b2.
    let s = settle(client, Some("pppp/..../..../PPPP w")).await;
    let position = s["position"].as_str().unwrap();
    assert!(position.ends_with(" w"), "{s}");
    assert_eq!(position.split('/').nth(2), Some(".P.."), "{s}");
    // Undo takes back the move and the program's answer.
    click(client, Locator::Id("undo")).await;
    let s = settle(client, Some(position)).await;
    assert_eq!(s["position"], "pppp/..../..../PPPP w", "{s}");
    // Swapped sides: the program plays White, its quickest win.
    click(client, Locator::Id("swap")).await;
    let s = settle(client, Some("pppp/..../..../PPPP w")).await;
    let position = s["position"].as_str().unwrap();
    assert!(position.ends_with(" b"), "{s}");
    assert!(
        s["status"].as_str().unwrap().starts_with("Black to move (you)"),
        "{s}"
    );
    let answer = api(address, "pawn-chess", "size=4x4", position);
    assert_eq!(answer["value"], "loss", "{answer}");
    assert_eq!(answer["remoteness"], 10, "{answer}");
}

async fn puzzle(client: &Client) {
    click(client, Locator::Css("#puzzle summary")).await;
    let depth = client.find(Locator::Id("puzzle-depth")).await.unwrap();
    depth.clear().await.unwrap();
    depth.send_keys("20").await.unwrap();
    let board = client.find(Locator::Id("puzzle-board")).await.unwrap();
    board.clear().await.unwrap();
    board.send_keys("060222161\n").await.unwrap();
    let answer = client.find(Locator::Id("puzzle-answer")).await.unwrap();
    let deadline = Instant::now() + PATIENCE;
    loop {
        let text = answer.text().await.unwrap();
        if text.starts_with("Sum") {
            // The CodinGame statement's example.
            assert_eq!(text, "Sum: 322444322");
            break;
        }
        assert!(Instant::now() < deadline, "no sum: {text:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The console's errors (level SEVERE), from chromedriver's log of the
/// browser.
fn console_errors(driver: u16, session: &str) -> Vec<Value> {
    let (status, log) = http(
        &format!("127.0.0.1:{driver}"),
        "POST",
        &format!("/session/{session}/se/log"),
        Some(&json!({"type": "browser"})),
    );
    assert_eq!(status, 200, "{log}");
    log["value"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|entry| entry["level"] == "SEVERE")
        .cloned()
        .collect()
}

#[test]
fn the_page_plays_whole_games_in_chromium() {
    let Some((_driver, port)) = chromedriver() else {
        return;
    };
    let server = Server::start();
    let address = server.address.clone();
    let profile = fresh_dir("profile");
    let mut options = json!({
        "args": [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--window-size=1280,800",
            format!("--user-data-dir={}", profile.display()),
        ],
    });
    if let Some(chromium) = program("CHROMIUM", &["chromium", "/usr/bin/chromium"]) {
        options["binary"] = json!(chromium);
    }
    let mut capabilities = serde_json::Map::new();
    capabilities.insert("goog:chromeOptions".into(), options);
    capabilities.insert("goog:loggingPrefs".into(), json!({"browser": "ALL"}));
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let client = ClientBuilder::new(HttpConnector::new())
            .capabilities(capabilities)
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
            .expect("a Chromium session");
        let session = Session {
            driver: format!("127.0.0.1:{port}"),
            id: client.session_id().await.unwrap().unwrap(),
        };
        client.goto(&format!("http://{address}/")).await.unwrap();
        let end = mu_torere(&client, &address).await;
        let end = cephalopod(&client, &address, &end).await;
        puzzle(&client).await;
        let end = cephalopod_board(&client, &end).await;
        screenshots(&client, "cephalopod").await;
        choose(&client, "game", "pawn-chess").await;
        let s = settle(&client, Some(&end)).await;
        assert_eq!(s["position"], "pppp/..../..../PPPP w", "{s}");
        pawn_chess(&client, &address).await;
        let errors = console_errors(port, &session.id);
        drop(session);
        assert!(errors.is_empty(), "the console holds errors: {errors:?}");
    });
    let _ = std::fs::remove_dir_all(&profile);
}
