//! `gamespace pawn-chess` on boards of any size, driven as a user would:
//! `--size` case files, `value`, `analyze`, `play`, and bad input.

use assert_cmd::Command;
use predicates::prelude::*;

fn gamespace() -> Command {
    Command::cargo_bin("gamespace").unwrap()
}

fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// One error line on stderr containing `message`, nothing on stdout, and
/// a failing exit status.
fn rejects(args: &[&str], stdin: &str, message: &str) {
    let output = gamespace().args(args).write_stdin(stdin).output().unwrap();
    assert!(!output.status.success(), "{args:?} succeeded");
    assert!(output.stdout.is_empty(), "{args:?} printed to stdout");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("gamespace: error: "), "{stderr}");
    assert!(stderr.contains(message), "{args:?}: {stderr} lacks {message}");
}

#[test]
fn sized_case_files_answer_with_white_to_move() {
    gamespace()
        .args(["pawn-chess", "--size", "3x3"])
        .write_stdin("3\n\nppp\n...\nPPP\n\n.p.\n...\nP..\n\nP..\n...\n..p\n")
        .assert()
        .success()
        .stdout("black (6)\nblack (2)\nwhite (0)\n")
        .stderr("");
    gamespace()
        .args(["pawn-chess", "--size", "2x1"])
        .write_stdin("1 . P")
        .assert()
        .success()
        .stdout("white (1)\n");
}

#[test]
fn size_four_by_four_is_the_judges_protocol_byte_for_byte() {
    for extra in [&[][..], &["--explain"][..]] {
        let plain = gamespace()
            .args(["pawn-chess", &data("pawn-chess-300.in")])
            .args(extra)
            .output()
            .unwrap();
        let sized = gamespace()
            .args(["pawn-chess", "--size", "4x4", &data("pawn-chess-300.in")])
            .args(extra)
            .output()
            .unwrap();
        assert!(plain.status.success());
        assert_eq!(plain.stdout, sized.stdout);
    }
}

#[test]
fn explain_works_on_any_size() {
    gamespace()
        .args(["pawn-chess", "--size", "3x2", "--explain"])
        .write_stdin("1\n.p\n..\nP.\n")
        .assert()
        .success()
        .stdout(
            "black (2)\n  start, white to move\n    3 .p\n    2 ..\n    1 P.\n      ab\n\
             \x20 1. white a1-a2\n    3 .p\n    2 P.\n    1 ..\n      ab\n\
             \x20 2. black b3xa2\n    3 ..\n    2 p.\n    1 ..\n      ab\n\
             \x20 end: white has no pawns left, so black wins\n",
        );
}

#[test]
fn value_prints_the_position_its_value_and_each_move() {
    gamespace()
        .args(["pawn-chess", "value", "ppp/.../PPP w", ".p/../P. w"])
        .assert()
        .success()
        .stdout(
            "ppp/.../PPP w loss 6\n  b1-b2 loss 6\n  a1-a2 loss 4\n  c1-c2 loss 4\n\n\
             .p/../P. w loss 2\n  a1-a2 loss 2\n",
        );
    gamespace()
        .args(["pawn-chess", "value", "--json", "P../.../... b"])
        .assert()
        .success()
        .stdout("{\"position\":\"P../.../... b\",\"value\":\"loss\",\"plies\":0,\"moves\":[]}\n");
    gamespace()
        .args(["pawn-chess", "value", "--explain", "pppp/..../..../PPPP w"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("pppp/..../..../PPPP w win 11\n"))
        .stdout(predicate::str::contains("\nwhite (11)\n  start, white to move\n"))
        .stdout(predicate::str::contains("  11. white "));
}

#[test]
fn analyze_prints_the_table() {
    let output = gamespace()
        .args(["pawn-chess", "analyze", "--sizes", "3x3..4x4,5x4"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let rows: Vec<Vec<&str>> = text.lines().map(|l| l.split_whitespace().collect()).collect();
    assert_eq!(rows[0], ["board", "winner", "plies", "positions", "seconds"]);
    let facts: Vec<(&str, &str, &str)> = rows[1..].iter().map(|r| (r[0], r[1], r[2])).collect();
    assert_eq!(
        facts,
        [
            ("3x3", "black", "6"),
            ("3x4", "white", "5"),
            ("4x3", "black", "8"),
            ("4x4", "white", "11"),
            ("5x4", "black", "16"),
        ]
    );
}

#[test]
fn play_follows_the_line_protocol() {
    gamespace()
        .args(["pawn-chess", "play", "--size", "3x3", "--human", "none"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "ppp\n...\nPPP\nwhite b1-b2\nppp\n.P.\nP.P\nblack ",
        ))
        .stdout(predicate::str::ends_with("black wins\n"));
    gamespace()
        .args(["pawn-chess", "play", "--position", ".../.P./... w"])
        .write_stdin("b2b3\n?\nb2-b3\n")
        .assert()
        .success()
        .stdout("...\n.P.\n...\n  b2-b3 win 1\nwhite b2-b3\n.P.\n...\n...\nwhite wins\n")
        .stderr(predicate::str::contains("`b2b3` is not a legal move here"));
    gamespace()
        .args(["pawn-chess", "play", "--size", "3x3"])
        .assert()
        .failure()
        .stdout("ppp\n...\nPPP\n")
        .stderr(predicate::str::ends_with(
            "gamespace: error: the input ended before the game did\n",
        ));
}

#[test]
fn bad_sizes_positions_and_rows_get_one_error_line() {
    let cases: &[(&[&str], &str, &str)] = &[
        (
            &["pawn-chess", "--size", "9x2"],
            "",
            "`9x2`: a board has 2 to 8 rows",
        ),
        (&["pawn-chess", "--size", "3x"], "", "`3x` is not a board size"),
        (
            &["pawn-chess", "--size", "0x4"],
            "",
            "`0x4`: a board has 2 to 8 rows",
        ),
        (
            &["pawn-chess", "--size", "4x9"],
            "",
            "`4x9`: a board has 1 to 8 columns",
        ),
        (
            &["pawn-chess", "analyze", "--sizes", "3x3..9x9"],
            "",
            "`9x9`: a board has 2 to 8 rows",
        ),
        (
            &["pawn-chess", "play", "--size", "x"],
            "",
            "`x` is not a board size",
        ),
        (
            &["pawn-chess", "--size", "3x3"],
            "1\nppp\n....\nPPP\n",
            "case 1, row 2 (line 3): `....` has 4 characters; a row of a 3x3 board has 3",
        ),
        (
            &["pawn-chess", "--size", "3x3"],
            "2\nppp\n...\nPPP\n",
            "case 2, row 1: missing",
        ),
        (
            &["pawn-chess", "value", "ppp/..../PPP w"],
            "",
            "position `ppp/..../PPP w`: row 2 has 4 squares, row 1 has 3",
        ),
        (
            &["pawn-chess", "value", "pp/PP"],
            "",
            "expected the rows, a space, and the side to move",
        ),
        (
            &[
                "pawn-chess",
                "play",
                "--size",
                "4x4",
                "--position",
                "ppp/.../PPP w",
            ],
            "",
            "--size 4x4 does not match the position, a 3x3 board",
        ),
        (
            &["pawn-chess", "play", "--position", "ppp/.../PPP x"],
            "",
            "the side to move is `x`",
        ),
        (
            &["pawn-chess", "analyze", "--sizes", "7x7"],
            "",
            "7x7: beyond reach: a position of this board takes 85 bits",
        ),
    ];
    for (args, stdin, message) in cases {
        rejects(args, stdin, message);
    }
    // Past the memory limit, the sizes solved before it keep their rows.
    gamespace()
        .args(["pawn-chess", "analyze", "--sizes", "3x3,5x5", "--memory", "0.001"])
        .assert()
        .failure()
        .stdout(predicate::str::starts_with(
            "board  winner  plies  positions  seconds\n3x3 ",
        ))
        .stderr(
            predicate::str::starts_with("gamespace: error: 5x5: beyond reach: ")
                .and(predicate::str::contains("limit of 1.0 MB")),
        );
}
