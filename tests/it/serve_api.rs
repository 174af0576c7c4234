//! `gamespace serve` driven over HTTP: the real binary on a free port, its
//! address line, every game's answers (against the Cephalopod oracle, the
//! command line's own answers and the specs' facts), every error case,
//! a fuzzed query string, and the shutdown on a signal.
//!
//! The HTTP client is a plain HTTP/1.1 request on a `TcpStream` with
//! `Connection: close`, read to its end: a dropped connection or a cut
//! answer is a failed read or a body shorter than its `Content-Length`.

use crate::cephalopod_oracle as oracle;
use crate::common as vectors;
use crate::server::{BIN, Server, fresh_dir};

use proptest::prelude::*;
use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What only these tests do to a server.
impl Server {
    /// Sends `signal` and waits for the exit; returns the status and what
    /// came on stderr after the address line.
    #[cfg(unix)]
    fn stop_with(mut self, signal: libc::c_int) -> (std::process::ExitStatus, String) {
        let pid = libc::pid_t::try_from(self.process.child.id()).unwrap();
        // SAFETY: kill(2) on the pid of our own child, which has not been
        // reaped, so it cannot be another process.
        assert_eq!(unsafe { libc::kill(pid, signal) }, 0);
        let deadline = Instant::now() + Duration::from_secs(20);
        let status = loop {
            if let Some(status) = self.process.child.try_wait().unwrap() {
                break status;
            }
            assert!(Instant::now() < deadline, "the server did not stop");
            std::thread::sleep(Duration::from_millis(20));
        };
        let mut rest = String::new();
        self.stderr.read_to_string(&mut rest).unwrap();
        (status, rest)
    }
}

/// An answer: status, content type and body.
#[derive(Debug)]
struct Reply {
    status: u16,
    content_type: String,
    body: String,
}

impl Reply {
    fn json(&self) -> Value {
        assert_eq!(self.content_type, "application/json", "{self:?}");
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {self:?}"))
    }

    /// The one-line error of a refusal with `status`.
    fn error(&self, status: u16) -> String {
        assert_eq!(self.status, status, "{self:?}");
        let json = self.json();
        let message = json["error"]
            .as_str()
            .unwrap_or_else(|| panic!("no error: {json}"));
        assert!(!message.is_empty() && !message.contains('\n'), "{message:?}");
        assert_eq!(json.as_object().unwrap().len(), 1, "{json}");
        message.to_owned()
    }
}

/// One request, `target` sent as it is.
fn request(address: &str, method: &str, target: &str) -> Result<Reply, String> {
    let mut stream = TcpStream::connect(address).map_err(|e| format!("connect: {e}"))?;
    stream.set_read_timeout(Some(Duration::from_secs(300))).unwrap();
    write!(
        stream,
        "{method} {target} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n"
    )
    .map_err(|e| format!("send: {e}"))?;
    let mut raw = Vec::new();
    stream
        .read_to_end(&mut raw)
        .map_err(|e| format!("dropped: {e}"))?;
    let text = String::from_utf8(raw).map_err(|e| format!("not UTF-8: {e}"))?;
    let (head, body) = text.split_once("\r\n\r\n").ok_or("no end of the head")?;
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .ok_or("no status")?;
    let header = |name: &str| {
        head.lines()
            .filter_map(|l| l.split_once(": "))
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.to_owned())
    };
    let length: usize = header("content-length")
        .ok_or("no Content-Length")?
        .parse()
        .map_err(|_| "bad Content-Length")?;
    if method != "HEAD" && body.len() != length {
        return Err(format!("the body is {} bytes of {length}", body.len()));
    }
    Ok(Reply {
        status,
        content_type: header("content-type").unwrap_or_default(),
        body: body.to_owned(),
    })
}

fn get(address: &str, target: &str) -> Reply {
    request(address, "GET", target).unwrap_or_else(|e| panic!("GET {target}: {e}"))
}

/// `text` percent-encoded for a query string.
fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// `GET /api/GAME/value?...` with `params` encoded.
fn value(address: &str, game: &str, params: &[(&str, &str)]) -> Reply {
    let query: Vec<String> = params.iter().map(|(k, v)| format!("{k}={}", encode(v))).collect();
    get(address, &format!("/api/{game}/value?{}", query.join("&")))
}

fn ok(reply: Reply) -> Value {
    assert_eq!(reply.status, 200, "{reply:?}");
    reply.json()
}

/// "win 3" for a value and its remoteness, "draw" for a draw.
fn words(json: &Value) -> String {
    match json["remoteness"].as_u64() {
        Some(n) => format!("{} {n}", json["value"].as_str().unwrap()),
        None => {
            assert!(json["remoteness"].is_null(), "{json}");
            json["value"].as_str().unwrap().to_owned()
        }
    }
}

/// Every move's value is what its position is worth to the player who
/// makes it: the opposite value one ply further, a draw staying a draw.
fn check_moves_against_their_positions(address: &str, game: &str, params: &[(&str, &str)], answer: &Value) {
    for m in answer["moves"].as_array().unwrap() {
        let position = m["position"].as_str().unwrap();
        let mut asked: Vec<(&str, &str)> = params.iter().filter(|(k, _)| *k != "position").copied().collect();
        asked.push(("position", position));
        let after = ok(value(address, game, &asked));
        assert_eq!(after["position"], m["position"]);
        let expected = match (after["value"].as_str().unwrap(), after["remoteness"].as_u64()) {
            ("win", Some(n)) => format!("loss {}", n + 1),
            ("loss", Some(n)) => format!("win {}", n + 1),
            ("tie", Some(n)) => format!("tie {}", n + 1),
            ("draw", None) => "draw".to_owned(),
            other => panic!("{other:?}"),
        };
        assert_eq!(words(m), expected, "{game} {position}");
    }
}

#[test]
fn the_page_and_its_files_are_served_with_their_types() {
    let server = Server::start();
    let address = server.address.as_str();
    for (path, content_type, body) in [
        (
            "/",
            "text/html; charset=utf-8",
            include_str!("../../assets/index.html"),
        ),
        (
            "/app.js",
            "text/javascript; charset=utf-8",
            include_str!("../../assets/app.js"),
        ),
        (
            "/style.css",
            "text/css; charset=utf-8",
            include_str!("../../assets/style.css"),
        ),
    ] {
        let reply = get(address, path);
        assert_eq!(reply.status, 200, "{path}");
        assert_eq!(reply.content_type, content_type, "{path}");
        assert_eq!(reply.body, body, "{path}");
        let head = request(address, "HEAD", path).unwrap();
        assert_eq!((head.status, head.body.as_str()), (200, ""), "{path}");
    }
}

#[test]
fn cephalopod_answers_match_the_oracle() {
    let server = Server::start();
    let address = server.address.as_str();
    // The spec's facts.
    for (size, rule, expected) in [
        ("1x3", "majority", "win 3"),
        ("1x3", "sixes", "tie 3"),
        ("2x2", "majority", "tie 14"),
        ("2x2", "sixes", "tie 14"),
        ("2x3", "majority", "loss 26"),
        ("3x2", "sixes", "loss 26"),
    ] {
        let answer = ok(value(address, "cephalopod", &[("size", size), ("rule", rule)]));
        assert_eq!(words(&answer), expected, "{size} {rule}");
    }
    // Positions along seeded random games, value and every move.
    let mut rng = oracle::Rng::new(82);
    for (rows, cols) in [(2, 2), (2, 3), (3, 2), (1, 4)] {
        for rule in oracle::Rule::BOTH {
            let mut solver = oracle::Solver::new(rule);
            for _ in 0..6 {
                let plies = rng.below(rows * cols + 1);
                let p = oracle::playout(&mut rng, rows, cols, plies);
                let text = p.to_string();
                let params = [("position", text.as_str()), ("rule", rule.name())];
                let answer = ok(value(address, "cephalopod", &params));
                assert_eq!(answer["position"], text.as_str());
                assert_eq!(words(&answer), solver.value(&p).to_string(), "{text}");
                let expected: Vec<(String, String, String)> = p
                    .moves()
                    .iter()
                    .map(|m| {
                        (
                            p.move_text(m),
                            p.play(m).to_string(),
                            solver.move_value(&p, m).to_string(),
                        )
                    })
                    .collect();
                let mut got: Vec<(String, String, String)> = answer["moves"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| {
                        (
                            m["move"].as_str().unwrap().to_owned(),
                            m["position"].as_str().unwrap().to_owned(),
                            words(m),
                        )
                    })
                    .collect();
                let mut expected = expected;
                expected.sort();
                got.sort();
                assert_eq!(got, expected, "{text} {}", rule.name());
            }
        }
    }
}

#[test]
fn cephalopod_solutions_go_to_the_shared_cache() {
    let server = Server::start();
    ok(value(&server.address, "cephalopod", &[("size", "2x2")]));
    let files: Vec<String> = std::fs::read_dir(&server.process.dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        files.iter().any(|f| f.starts_with("cephalopod-2x2-majority")),
        "{files:?}"
    );
    // The command line reads the file the server wrote, and agrees.
    let cli = Command::new(BIN)
        .args(["cephalopods", "value", "--size", "2x2", "--json", "w1./.. b"])
        .env("GAMESPACE_CACHE_DIR", &server.process.dir)
        .output()
        .unwrap();
    assert!(cli.status.success());
    let cli: Value = serde_json::from_slice(&cli.stdout).unwrap();
    let api = ok(value(&server.address, "cephalopod", &[("position", "w1./.. b")]));
    assert_eq!(api, cli);
}

#[test]
fn concurrent_requests_for_one_board_agree() {
    let server = Server::start();
    let address = server.address.clone();
    let answers: Vec<Value> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..16)
            .map(|_| {
                scope.spawn(|| {
                    ok(value(
                        &address,
                        "cephalopod",
                        &[("size", "3x2"), ("rule", "sixes")],
                    ))
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert!(answers.iter().all(|a| *a == answers[0]));
    assert_eq!(words(&answers[0]), "loss 26");
}

#[test]
fn pawn_chess_answers_match_the_command_line_and_the_facts() {
    let server = Server::start();
    let address = server.address.as_str();
    for (size, expected) in [
        ("3x3", "loss 6"),
        ("3x4", "win 5"),
        ("4x3", "loss 8"),
        ("4x4", "win 11"),
        ("5x4", "loss 16"),
    ] {
        let answer = ok(value(address, "pawn-chess", &[("size", size)]));
        assert_eq!(words(&answer), expected, "{size}");
    }
    let positions = [
        "pppp/..../..../PPPP w",
        ".ppp/..../.PPP/.... w",
        "...p/...p/pP.P/...P b",
        "p.p/.P./P.. b",
        // Off the start's space: more pawns than the start has.
        "ppp/ppp/PPP/PPP w",
        // Over already.
        "P../.../..p b",
    ];
    for position in positions {
        let answer = ok(value(address, "pawn-chess", &[("position", position)]));
        let cli = Command::new(BIN)
            .args(["pawn-chess", "value", position])
            .output()
            .unwrap();
        assert!(cli.status.success(), "{position}");
        let text = String::from_utf8(cli.stdout).unwrap();
        let mut lines = text.lines();
        assert_eq!(
            lines.next().unwrap(),
            format!("{position} {}", words(&answer)),
            "{position}"
        );
        let moves: Vec<String> = answer["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| format!("  {} {}", m["move"].as_str().unwrap(), words(m)))
            .collect();
        if answer["remoteness"] != 0 {
            assert_eq!(lines.map(str::to_owned).collect::<Vec<_>>(), moves, "{position}");
            check_moves_against_their_positions(address, "pawn-chess", &[], &answer);
        } else {
            assert!(moves.is_empty(), "{position}");
        }
    }
}

#[test]
fn mu_torere_answers_match_the_command_line_and_the_facts() {
    let server = Server::start();
    let address = server.address.as_str();
    let start = ok(value(address, "mu-torere", &[]));
    assert_eq!(start["position"], "wwwbowbbb b");
    assert_eq!(words(&start), "draw");
    let opening: Vec<&str> = start["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert_eq!(
        opening,
        ["4-5", "9-5"],
        "black's only moves take an end stone to the centre"
    );
    // The trap: after 9->5, 6->9 and 5->6, white's 9->5 loses in 5 plies:
    // 6 counting the move itself, as a move's remoteness does.
    let trap = ok(value(address, "mu-torere", &[("position", "wwwbobbbw w")]));
    let moves: Vec<(String, String)> = trap["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["move"].as_str().unwrap().to_owned(), words(m)))
        .collect();
    assert!(
        moves.contains(&("9-5".to_owned(), "loss 6".to_owned())),
        "{moves:?}"
    );
    check_moves_against_their_positions(address, "mu-torere", &[], &trap);
    // Ascher's facts on other rims.
    let free10 = ok(value(address, "mu-torere", &[("points", "10"), ("rule", "free")]));
    assert_eq!(words(&free10), "win 1");
    let free8 = ok(value(address, "mu-torere", &[("points", "8"), ("rule", "free")]));
    assert_eq!(free8["position"], "wwwbowbbb b");
    assert_eq!(words(&free8), "win 1");
    let six = ok(value(address, "mu-torere", &[("points", "6")]));
    assert_eq!(six["position"], "bbbwwwo b");
    assert_eq!(words(&six), "draw");
    check_moves_against_their_positions(address, "mu-torere", &[("points", "6")], &six);
    // Every position of the table of 2n = 6 agrees with the command line's.
    let cli = Command::new(BIN)
        .args(["mu-torere", "analyze", "--points", "6", "--table"])
        .output()
        .unwrap();
    assert!(cli.status.success());
    let table = String::from_utf8(cli.stdout).unwrap();
    let mut checked = 0;
    for line in table.lines().step_by(7) {
        let [squares, side, result, dist] = line.split(' ').collect::<Vec<_>>()[..] else {
            panic!("{line}");
        };
        let side = &side[..1];
        let answer = ok(value(
            address,
            "mu-torere",
            &[("points", "6"), ("position", &format!("{squares} {side}"))],
        ));
        let expected = match result {
            "W" => format!("win {dist}"),
            "L" => format!("loss {dist}"),
            "D" => "draw".to_owned(),
            other => panic!("{line}: result {other}"),
        };
        assert_eq!(words(&answer), expected, "{line}");
        checked += 1;
    }
    assert!(checked > 30);
}

#[test]
fn the_puzzle_answers_the_test_vectors() {
    let server = Server::start();
    let address = server.address.as_str();
    for case in vectors::cases() {
        let board: String = case.cells.iter().map(|d| char::from(b'0' + d)).collect();
        let reply = get(
            address,
            &format!("/api/cephalopods/puzzle?depth={}&board={board}", case.depth),
        );
        assert_eq!(
            reply.json(),
            serde_json::json!({ "sum": case.expected }),
            "{}",
            case.name
        );
    }
}

#[test]
fn every_bad_request_gets_a_json_error() {
    let server = Server::start();
    let address = server.address.as_str();
    let long = "p".repeat(2000);
    let cases: Vec<(String, u16, &str)> = vec![
        ("/api/chess/value".into(), 404, "unknown game `chess`"),
        ("/api/cephalopods/value".into(), 404, "unknown game"),
        ("/nothing".into(), 404, "no page `/nothing`"),
        (
            "/api/cephalopod/value?position=w1.b2%2F.w3.%2F...".into(),
            400,
            "bad position",
        ),
        (
            "/api/cephalopod/value?position=w7..%2F...%2F...+b".into(),
            400,
            "die value",
        ),
        (
            "/api/cephalopod/value?position=w1w1%2F..+b".into(),
            400,
            "cannot be reached",
        ),
        (
            "/api/cephalopod/value?size=6x6".into(),
            400,
            "rows and columns run 1 to 5",
        ),
        ("/api/cephalopod/value?size=3x4".into(), 400, "too large to solve"),
        (
            "/api/cephalopod/value?size=2x2&position=...%2F...+w".into(),
            400,
            "but size is 2x2",
        ),
        (
            "/api/cephalopod/value?size=2x2&rule=most".into(),
            400,
            "rule `most`",
        ),
        (
            "/api/cephalopod/value?size=2x2&points=8".into(),
            400,
            "unknown parameter `points`",
        ),
        (
            "/api/cephalopod/value?size=2x2&size=2x2".into(),
            400,
            "given twice",
        ),
        (
            "/api/pawn-chess/value?position=ppp%2F...%2FPPX+w".into(),
            400,
            "squares are",
        ),
        (
            "/api/pawn-chess/value?position=ppp%2F...%2FPPP".into(),
            400,
            "side to move",
        ),
        ("/api/pawn-chess/value?size=9x9".into(), 400, "size"),
        ("/api/pawn-chess/value?size=5x6".into(), 400, "too large to serve"),
        ("/api/pawn-chess/value?size=8x8".into(), 400, "too large to serve"),
        (
            "/api/pawn-chess/value?position=ppppp%2Fppppp%2F.....%2FPPPPP%2FPPPPP+w".into(),
            400,
            "too large to serve, off the start's positions",
        ),
        (
            "/api/pawn-chess/value?size=3x3&position=pppp%2F....%2FPPPP+w".into(),
            400,
            "but size is 3x3",
        ),
        (
            "/api/pawn-chess/value?rule=standard".into(),
            400,
            "unknown parameter `rule`",
        ),
        (
            "/api/mu-torere/value?position=wwwbowbbb".into(),
            400,
            "side to move",
        ),
        (
            "/api/mu-torere/value?position=wwwbowbbbb+b".into(),
            400,
            "expected 9 characters",
        ),
        (
            "/api/mu-torere/value?position=wwwwowbbb+b".into(),
            400,
            "exactly 4 b",
        ),
        (
            "/api/mu-torere/value?position=wwwbowbbb+x".into(),
            400,
            "side to move",
        ),
        ("/api/mu-torere/value?points=7".into(), 400, "even number"),
        ("/api/mu-torere/value?points=2".into(), 400, "4 to 30"),
        ("/api/mu-torere/value?points=22".into(), 400, "too large to serve"),
        (
            "/api/mu-torere/value?points=ten".into(),
            400,
            "not an even whole number",
        ),
        (
            "/api/mu-torere/value?points=10&position=wwwbowbbb+b".into(),
            400,
            "expected 11 characters",
        ),
        ("/api/mu-torere/value?rule=sixes".into(), 400, "rule `sixes`"),
        (
            "/api/mu-torere/value?size=3x3".into(),
            400,
            "unknown parameter `size`",
        ),
        (
            "/api/cephalopods/puzzle?board=000000000".into(),
            400,
            "needs a depth",
        ),
        ("/api/cephalopods/puzzle?depth=1".into(), 400, "needs a board"),
        (
            "/api/cephalopods/puzzle?depth=-1&board=000000000".into(),
            400,
            "not a whole number",
        ),
        (
            "/api/cephalopods/puzzle?depth=4294967296&board=000000000".into(),
            400,
            "not a whole number",
        ),
        (
            "/api/cephalopods/puzzle?depth=1&board=00000000".into(),
            400,
            "not 9 dice",
        ),
        (
            "/api/cephalopods/puzzle?depth=1&board=000000007".into(),
            400,
            "not 9 dice",
        ),
        (
            "/api/cephalopods/puzzle?depth=1&board=000000000&x=1".into(),
            400,
            "unknown parameter `x`",
        ),
        (
            format!("/api/pawn-chess/value?position={long}"),
            414,
            "longer than 1024 bytes",
        ),
        (
            "/api/mu-torere/value?position=%FF%FE+b".into(),
            400,
            "bad position",
        ),
        ("/api/%FF/value".into(), 404, "not UTF-8"),
    ];
    for (target, status, needle) in cases {
        let message = get(address, &target).error(status);
        assert!(message.contains(needle), "{target}: {message}");
    }
    let post = request(address, "POST", "/api/mu-torere/value").unwrap();
    assert!(post.error(405).contains("only GET"));
}

/// Characters a fuzzed query is made of: the games' own, the query
/// string's, escapes good and bad, and some that are not ASCII.
fn fuzz_text() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            prop::sample::select(vec![
                "w",
                "b",
                "p",
                "P",
                "o",
                ".",
                "/",
                "+",
                " ",
                "1",
                "6",
                "9",
                "x",
                "3x3",
                "2x2",
                "4x4",
                "=",
                "&",
                "%",
                "%2F",
                "%20",
                "%FF",
                "%E2%82",
                "%zz",
                "é",
                "position",
                "size",
                "rule",
                "points",
                "depth",
                "board",
                "free",
                "sixes",
                "-1",
                "0",
                "99999999999",
            ])
            .prop_map(str::to_owned),
            "[ -~]{1,3}",
        ],
        0..24,
    )
    .prop_map(|parts| parts.concat())
}

/// Whether the server could take long on this request: a Cephalopod board
/// of 8 cells or more (minutes the first time). Everything else it serves
/// answers within seconds.
fn slow(game: &str, query: &str) -> bool {
    if game != "cephalopod" {
        return false;
    }
    let params: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes()).into_owned().collect();
    let position = params.iter().find(|(k, _)| k == "position");
    match position {
        Some((_, text)) => oracle::Pos::parse(text).is_ok_and(|p| p.rows * p.cols >= 8),
        None => {
            let size = params.iter().find(|(k, _)| k == "size");
            size.is_none_or(|(_, s)| !matches!(s.as_str(), "1x2" | "2x1" | "1x3" | "3x1" | "2x2"))
        }
    }
}

/// Any query string, to any game or none, gets JSON: an answer with 200,
/// or an error with 4xx; never a dropped connection.
#[test]
fn any_query_gets_a_json_answer() {
    let server = Server::start();
    let config = ProptestConfig {
        cases: 96,
        failure_persistence: None,
        ..ProptestConfig::default()
    };
    let games = prop::sample::select(vec!["cephalopod", "pawn-chess", "mu-torere", "puzzle", "chess"]);
    let mut runner = proptest::test_runner::TestRunner::new(config);
    runner
        .run(&(games, fuzz_text()), |(game, query)| {
            // Only what RFC 3986 allows raw in a query is sent raw: other
            // targets are not HTTP, and the HTTP layer refuses them before
            // the API sees them.
            let query: String = query
                .chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() || "-._~!$&'()*+,;=:@/?%".contains(c) {
                        c.to_string()
                    } else {
                        encode(&c.to_string())
                    }
                })
                .collect();
            prop_assume!(!slow(game, &query));
            let target = match game {
                "puzzle" => format!("/api/cephalopods/puzzle?{query}"),
                _ => format!("/api/{game}/value?{query}"),
            };
            let reply = request(&server.address, "GET", &target)
                .map_err(|e| TestCaseError::fail(format!("{target}: {e}")))?;
            let json = reply.json();
            match reply.status {
                200 => prop_assert!(
                    json.get("value").is_some() || json.get("sum").is_some(),
                    "{target}: {json}"
                ),
                400..=499 => {
                    reply.error(reply.status);
                }
                other => prop_assert!(false, "{target}: status {other}"),
            }
            Ok(())
        })
        .unwrap();
}

#[cfg(unix)]
#[test]
fn sigterm_and_sigint_stop_the_server_cleanly() {
    for signal in [libc::SIGTERM, libc::SIGINT] {
        let server = Server::start();
        ok(value(&server.address, "mu-torere", &[]));
        let address = server.address.clone();
        let (status, rest) = server.stop_with(signal);
        assert!(status.success(), "signal {signal}: {status:?}");
        assert_eq!(rest, "", "the address line is the only line on stderr");
        assert!(TcpStream::connect(&address).is_err(), "still listening");
    }
}

#[cfg(unix)]
#[test]
fn a_signal_does_not_wait_for_a_long_solve() {
    // A 3x3 solve takes minutes; the server stops in seconds all the same.
    let server = Server::start();
    let address = server.address.clone();
    let asking = std::thread::spawn(move || request(&address, "GET", "/api/cephalopod/value"));
    std::thread::sleep(Duration::from_millis(300));
    let clock = Instant::now();
    let (status, _) = server.stop_with(libc::SIGTERM);
    assert!(status.success(), "{status:?}");
    assert!(clock.elapsed() < Duration::from_secs(15), "{:?}", clock.elapsed());
    // The request under way ends with the server, whichever way.
    let _ = asking.join().unwrap();
}

#[test]
fn a_port_in_use_is_a_one_line_error() {
    let holder = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = holder.local_addr().unwrap().port().to_string();
    let out = Command::new(BIN)
        .args(["serve", "--port", &port])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.starts_with("gamespace: error: cannot listen on 127.0.0.1 port ")
            && stderr.lines().count() == 1,
        "{stderr}"
    );
}

#[cfg(target_os = "linux")]
#[test]
fn open_hands_the_address_to_the_browser() {
    use std::os::unix::fs::PermissionsExt;
    // A stand-in for xdg-open that writes down what it was asked to open.
    let dir = fresh_dir("open");
    let opener = dir.join("xdg-open");
    let opened = dir.join("opened");
    std::fs::write(
        &opener,
        format!("#!/bin/sh\necho \"$1\" > '{}'\n", opened.display()),
    )
    .unwrap();
    std::fs::set_permissions(&opener, std::fs::Permissions::from_mode(0o755)).unwrap();
    let path = format!("{}:{}", dir.display(), std::env::var("PATH").unwrap_or_default());
    let mut child = Command::new(BIN)
        .args(["serve", "--port", "0", "--open"])
        .env("PATH", path)
        .stdin(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stderr.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut url = String::new();
    while !url.ends_with('\n') && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
        url = std::fs::read_to_string(&opened).unwrap_or_default();
    }
    let _ = child.kill();
    let _ = child.wait();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(format!("listening on {url}"), line);
}

#[test]
fn the_readme_example_is_the_answer() {
    let readme = include_str!("../../README.md");
    let (_, after) = readme
        .split_once("$ curl -s 'http://127.0.0.1:8080")
        .expect("the README shows a request");
    let (target, rest) = after.split_once("'\n").unwrap();
    let shown = rest.lines().next().unwrap();
    let server = Server::start();
    assert_eq!(get(&server.address, target).body, shown);
}
