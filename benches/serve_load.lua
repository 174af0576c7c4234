-- Load for `gamespace serve` (see BENCHMARKS.md): wrk sends value requests
-- for positions drawn at random from every game, each reachable from its
-- start (so every answer is a 200): Mu Torere on 8 and 10 points, pawn
-- chess on 4x4 and 4x5, Cephalopod on 2x3 and 2x2, after random games.
--
--   wrk -t 2 -c 200 -d 30s --latency -s benches/serve_load.lua http://127.0.0.1:PORT

math.randomseed(82)

local function shuffle(t)
  for i = #t, 2, -1 do
    local j = math.random(i)
    t[i], t[j] = t[j], t[i]
  end
  return t
end

local function encode(text)
  return (text:gsub("/", "%%2F"):gsub(" ", "+"))
end

-- Mu Torere: any board of n black, n white and one empty point.
local function mu_torere(points)
  local n = math.floor(points / 2)
  local squares = {"o"}
  for _ = 1, n do
    squares[#squares + 1] = "b"
    squares[#squares + 1] = "w"
  end
  local side = math.random(2) == 1 and "b" or "w"
  local query = "/api/mu-torere/value?position=" .. encode(table.concat(shuffle(squares)) .. " " .. side)
  if points ~= 8 then
    query = query .. "&points=" .. points
  end
  return query
end

-- A random game of up to `plies` moves, white first: `moves(white)` lists
-- the moves of the side to move, none once the game is over, and
-- `play(m, white)` makes one. Whether white is to move at the end.
local function random_game(plies, moves, play)
  local white = true
  for _ = 1, plies do
    local legal = moves(white)
    if #legal == 0 then
      break
    end
    play(legal[math.random(#legal)], white)
    white = not white
  end
  return white
end

-- The query for the value of the position of `rows`, with white to move if
-- `white`, in `game`.
local function value_query(game, rows, white)
  return "/api/" .. game .. "/value?position=" .. encode(table.concat(rows, "/") .. (white and " w" or " b"))
end

-- Pawn chess: a random game of up to `plies` moves from the start.
local function pawn_chess(rows, cols, plies)
  local board = {}
  for r = 1, rows do
    board[r] = {}
    for c = 1, cols do
      board[r][c] = (r == 1 and "p") or (r == rows and "P") or "."
    end
  end
  local function sides(white)
    if white then
      return "P", "p", -1, 1
    end
    return "p", "P", 1, rows
  end
  local function moves(white)
    local own, enemy, step, goal = sides(white)
    local legal = {}
    for c = 1, cols do
      if board[goal][c] == own or board[rows + 1 - goal][c] == enemy then
        return legal
      end
    end
    for r = 1, rows do
      for c = 1, cols do
        if board[r][c] == own then
          local to = r + step
          if board[to][c] == "." then
            legal[#legal + 1] = {r, c, to, c}
          end
          for _, dc in ipairs({-1, 1}) do
            if board[to][c + dc] == enemy then
              legal[#legal + 1] = {r, c, to, c + dc}
            end
          end
        end
      end
    end
    return legal
  end
  local function play(m, white)
    board[m[3]][m[4]] = sides(white)
    board[m[1]][m[2]] = "."
  end
  local white = random_game(plies, moves, play)
  local lines = {}
  for r = 1, rows do
    lines[r] = table.concat(board[r])
  end
  return value_query("pawn-chess", lines, white)
end

-- Cephalopod: a random game of up to `plies` moves from the empty board,
-- captures included (any set of two or more neighbours summing to at most 6).
-- (wrk runs LuaJIT, Lua 5.1: no integer division or bit operators.)
local function cephalopod(rows, cols, plies)
  local cells = {}
  for i = 1, rows * cols do
    cells[i] = false
  end
  local function moves()
    local legal = {}
    for i = 1, rows * cols do
      if not cells[i] then
        local r, c = math.floor((i - 1) / cols), (i - 1) % cols
        local near = {}
        if r > 0 then near[#near + 1] = i - cols end
        if r < rows - 1 then near[#near + 1] = i + cols end
        if c > 0 then near[#near + 1] = i - 1 end
        if c < cols - 1 then near[#near + 1] = i + 1 end
        local captures = 0
        for mask = 1, 2 ^ #near - 1 do
          local count, sum, taken = 0, 0, {}
          for k = 1, #near do
            if math.floor(mask / 2 ^ (k - 1)) % 2 == 1 then
              local die = cells[near[k]]
              if not die then
                sum = 99
              else
                count, sum = count + 1, sum + die[2]
                taken[#taken + 1] = near[k]
              end
            end
          end
          if count >= 2 and sum <= 6 then
            legal[#legal + 1] = {i, sum, taken}
            captures = captures + 1
          end
        end
        if captures == 0 then
          legal[#legal + 1] = {i, 1, {}}
        end
      end
    end
    return legal
  end
  local function play(m, white)
    for _, k in ipairs(m[3]) do
      cells[k] = false
    end
    cells[m[1]] = {white and "w" or "b", m[2]}
  end
  local white = random_game(plies, moves, play)
  local rows_text = {}
  for r = 0, rows - 1 do
    local row = {}
    for c = 1, cols do
      local die = cells[r * cols + c]
      row[c] = die and (die[1] .. die[2]) or "."
    end
    rows_text[#rows_text + 1] = table.concat(row)
  end
  return value_query("cephalopod", rows_text, white)
end

local targets = {}
for _ = 1, 500 do
  targets[#targets + 1] = mu_torere(8)
  targets[#targets + 1] = mu_torere(10)
  targets[#targets + 1] = pawn_chess(4, 4, math.random(0, 12))
  targets[#targets + 1] = pawn_chess(4, 5, math.random(0, 14))
  targets[#targets + 1] = cephalopod(2, 3, math.random(0, 12))
  targets[#targets + 1] = cephalopod(2, 2, math.random(0, 8))
end

request = function()
  return wrk.format("GET", targets[math.random(#targets)])
end
