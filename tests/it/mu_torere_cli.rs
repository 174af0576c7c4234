//! The `gamespace mu-torere` command line: the play protocol with bad input,
//! help and quit, option errors, and the analysis report.

use assert_cmd::Command;

const START: &str = "w-w-w\n|\\|/|\nb-o-w\n|/|\\|\nb-b-b\n";

fn gamespace() -> Command {
    Command::cargo_bin("gamespace").unwrap()
}

struct Run {
    stdout: String,
    stderr: String,
    code: Option<i32>,
}

fn run(args: &[&str], stdin: &str) -> Run {
    let output = gamespace().args(args).write_stdin(stdin).output().unwrap();
    Run {
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
        code: output.status.code(),
    }
}

#[test]
fn no_subcommand_plays_and_end_of_input_exits_cleanly() {
    let r = run(&["mu-torere"], "");
    assert_eq!(r.code, Some(0));
    assert_eq!(r.stdout, START);
    let p = run(&["mu-torere", "play"], "");
    assert_eq!((p.code, p.stdout), (Some(0), START.to_owned()));
}

#[test]
fn bad_input_is_refused_on_stdout_explained_on_stderr_and_the_prompt_repeats() {
    let r = run(&["mu-torere"], "abc\n0\n10\n5\n2\n7\n-3\n\n9\n");
    assert_eq!(r.code, Some(0));
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(
        &lines[5..12],
        [
            "illegal: `abc` is not a square number",
            "illegal: there is no square 0 (squares are 1 to 9)",
            "illegal: there is no square 10 (squares are 1 to 9)",
            "illegal: square 5 is the empty point",
            "illegal: square 2 holds a white stone, and black is to move",
            "illegal: the stone on 7 cannot move: a stone enters the centre only beside an \
             opponent's, and 4 and 8 are black",
            "illegal: `-3` is not a square number",
        ]
    );
    assert_eq!(lines[12], "black moves 9 to 5");
    assert_eq!(lines[18], "white moves 6 to 9");
    assert_eq!(lines.len(), 24);
    assert_eq!(
        r.stderr.matches("you can move 4 or 9 (or type help)\n").count(),
        7
    );
    // One prompt per line read, and one more when input runs out, each on
    // a line of its own as stderr is not a terminal.
    assert_eq!(r.stderr.matches("to move (you)").count(), 10);
    assert_eq!(r.stderr.matches("or help: \n").count(), 10);
    assert!(!r.stdout.contains('\x1b') && !r.stderr.contains('\x1b'));
}

#[test]
fn help_lists_the_commands() {
    let r = run(&["mu-torere"], "help\n");
    assert_eq!(r.code, Some(0));
    assert_eq!(r.stdout, START);
    for command in ["1-9", "help", "quit"] {
        assert!(r.stderr.contains(command));
    }
    for rule in [
        "The player who cannot move loses",
        "only if one of its rim neighbours holds an opponent's stone",
        "comes up a third time",
    ] {
        assert!(r.stderr.contains(rule), "{rule}");
    }
    let help = run(&["mu-torere", "--help"], "");
    assert_eq!(help.code, Some(0));
    for text in [
        "The player who cannot move loses",
        "rim neighbours",
        "--draw-rule",
        "illegal: ...",
        "draw",
    ] {
        assert!(help.stdout.contains(text), "{text} in\n{}", help.stdout);
    }
}

#[test]
fn quit_leaves_at_once_with_status_0() {
    let r = run(&["mu-torere"], "quit\n9\n");
    assert_eq!(r.code, Some(0));
    assert_eq!(r.stdout, START);
}

#[test]
fn the_program_moves_first_when_the_human_plays_white() {
    let r = run(&["mu-torere", "--human", "white"], "");
    assert_eq!(r.code, Some(0));
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(&lines[..5], START.lines().collect::<Vec<_>>().as_slice());
    assert!(lines[5] == "black moves 4 to 5" || lines[5] == "black moves 9 to 5");
    assert_eq!(lines.len(), 11);
}

#[test]
fn a_won_position_is_played_out_to_the_winner_line() {
    // Black to move wins at once: 3 -> 6 leaves white with no move.
    let r = run(
        &[
            "mu-torere",
            "--human",
            "white",
            "--position",
            "bbbwbowww",
            "--to-move",
            "black",
        ],
        "",
    );
    assert_eq!(r.code, Some(0));
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines[5], "black moves 3 to 6");
    assert_eq!(lines.last(), Some(&"black wins"));
    assert_eq!(lines.len(), 12);
}

#[test]
fn a_position_already_over_prints_the_winner() {
    let r = run(
        &["mu-torere", "--position", "obwbbwbww", "--to-move", "white"],
        "",
    );
    assert_eq!(r.code, Some(0));
    assert_eq!(r.stdout, "o-b-w\n|\\|/|\nb-b-w\n|/|\\|\nb-w-w\nblack wins\n");
}

#[test]
fn bad_positions_are_one_line_errors() {
    for (squares, reason) in [
        ("wwwbowbb", "expected 9 characters"),
        ("wwwbowbbbb", "expected 9 characters"),
        ("wwwbxwbbb", "square 5 is `x`"),
        ("wwwbbwbbb", "exactly 4 b, 4 w and 1 o"),
        ("wwwwowbbb", "exactly 4 b, 4 w and 1 o"),
        ("", "expected 9 characters"),
    ] {
        let r = run(&["mu-torere", "--position", squares], "");
        assert_eq!(r.code, Some(1), "{squares}");
        assert!(r.stdout.is_empty());
        assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
        assert!(
            r.stderr.starts_with("gamespace: error: bad --position"),
            "{}",
            r.stderr
        );
        assert!(r.stderr.contains(reason), "{}", r.stderr);
    }
}

#[test]
fn bad_sides_are_rejected() {
    for args in [["--human", "red"], ["--to-move", "green"]] {
        let r = run(&[&["mu-torere"], &args[..]].concat(), "");
        assert_ne!(r.code, Some(0));
        assert!(r.stdout.is_empty());
    }
}

#[test]
fn analyze_reports_the_figures() {
    let r = run(&["mu-torere", "analyze"], "");
    assert_eq!(r.code, Some(0));
    let line = |prefix: &str| {
        r.stdout
            .lines()
            .find(|l| l.trim_start().starts_with(prefix))
            .unwrap_or_else(|| panic!("no line `{prefix}` in\n{}", r.stdout))
            .split_whitespace()
            .rev()
            .take(2)
            .collect::<Vec<_>>()
    };
    assert_eq!(line("positions"), ["1180", "1260"]);
    assert_eq!(line("won"), ["208", "240"]);
    assert_eq!(line("lost"), ["128", "128"]);
    assert_eq!(line("drawn"), ["844", "892"]);
    assert_eq!(line("terminal"), ["80", "80"]);
    assert_eq!(line("classes"), ["86", "92"]);
    assert!(r.stdout.contains("start (wwwbowbbb, black to move): draw"));
    assert!(r.stdout.contains("longest forced win: 5 plies"));
    assert!(
        r.stdout
            .contains("black's only legal first moves are 4 to 5 and 9 to 5")
    );
    assert!(r.stdout.contains("black 9 to 5, white 6 to 9, black 5 to 6"));
    assert!(r.stdout.contains("9 to 5 loses: black then wins in 5 plies"));
    assert!(
        r.stdout
            .contains("traps (drawn positions where a move loses): 144 in 10 classes")
    );
    assert!(
        !r.stdout
            .lines()
            .any(|l| l.ends_with(|c: char| c.is_ascii_digit()) && l.contains(" moves "))
    );
}

#[test]
fn analyze_table_lists_every_position_once_in_order() {
    let r = run(&["mu-torere", "analyze", "--table"], "");
    assert_eq!(r.code, Some(0));
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 1260);
    assert!(lines.contains(&"wwwbowbbb b D -"));
    let keys: Vec<(&str, &str)> = lines
        .iter()
        .map(|l| {
            let f: Vec<&str> = l.split(' ').collect();
            assert_eq!(f.len(), 4, "{l}");
            assert!(["W", "L", "D"].contains(&f[2]));
            assert_eq!(f[2] == "D", f[3] == "-", "{l}");
            (f[0], f[1])
        })
        .collect();
    assert!(keys.windows(2).all(|w| w[0] < w[1]));
}

#[test]
fn analyze_traps_lists_every_trap() {
    let r = run(&["mu-torere", "analyze", "--traps"], "");
    assert_eq!(r.code, Some(0));
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 144);
    assert!(lines.contains(&"wwwbobbbw white to move: 9 to 5 loses, black then wins in 5 plies"));
    assert!(lines.contains(&"bwwwowbbb white to move: 4 to 5 loses, black then wins in 5 plies"));
    assert!(lines.iter().all(|l| l.contains(" loses, ")));
}

#[test]
fn a_game_drawn_by_repetition_ends_with_draw() {
    // Twelve drawing moves of black's against the program's replies: the
    // last brings back a position for the third time, and the program does
    // not answer it.
    let input = "4\n5\n1\n7\n2\n5\n9\n6\n5\n9\n6\n5\n";
    let r = run(&["mu-torere"], input);
    assert_eq!(r.code, Some(0));
    assert!(r.stdout.ends_with("\ndraw\n"), "{}", r.stdout);
    assert!(!r.stdout.contains("illegal") && !r.stdout.contains(" wins"));
    assert_eq!(r.stdout.lines().filter(|l| l.contains(" moves ")).count(), 23);
    assert!(r.stderr.contains("has come up a third time"));
    // The game ends there: the human is not asked again.
    assert_eq!(r.stderr.matches("to move (you)").count(), 12);
    // With no draw rule the same moves leave the game open.
    let endless = run(&["mu-torere", "--draw-rule", "none"], input);
    assert_eq!(endless.code, Some(0));
    assert!(!endless.stdout.lines().any(|l| l == "draw"));
    assert_eq!(
        endless.stdout.lines().filter(|l| l.contains(" moves ")).count(),
        24
    );
}

#[test]
fn the_cli_takes_plain_and_keeps_the_line_protocol_when_piped() {
    let run = |args: &[&str]| {
        let out = gamespace().args(args).write_stdin("9\n4\n").output().unwrap();
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    let piped = run(&["mu-torere", "play"]);
    assert_eq!(run(&["mu-torere", "play", "--plain"]), piped);
    assert_eq!(run(&["mu-torere", "--plain"]), piped);
    assert!(piped.starts_with("w-w-w\n|\\|/|\nb-o-w\n"));
    assert!(!piped.contains('\x1b'));
    let help = gamespace()
        .args(["mu-torere", "play", "--help"])
        .output()
        .unwrap();
    assert!(String::from_utf8(help.stdout).unwrap().contains("--plain"));
}
