//! The full-screen board of `gamespace cephalopods play` in a real (pseudo)
//! terminal: moves by keys and by the mouse, undo, the help, an unknown
//! key's hint, the end of the game, `--plain`, and a terminal that hangs
//! up.
#![cfg(all(target_os = "linux", target_env = "gnu"))]

use crate::pseudo_terminal as pty;

use pty::{
    ENTER_ALTERNATE_SCREEN, LEAVE_ALTERNATE_SCREEN, Session, click, close_once_the_board_is_up, ending,
    pseudo_terminal, screen_output, start_in, wait_for,
};
use std::io::Write;
use std::os::unix::process::ExitStatusExt;

/// The game on 2x2, solved in a moment and never cached.
const GAME: [&str; 5] = ["cephalopods", "play", "--size", "2x2", "--no-cache"];

#[test]
fn a_game_by_keys_and_by_the_mouse_with_undo_help_and_a_hint() {
    let (screen, terminal) = pseudo_terminal();
    let mut program = start_in(terminal, &GAME);
    let mut session = Session::new(screen);
    session.wait_to_show("Cephalopod 2x2, majority rule");
    session.wait_to_show("no moves yet");

    // A move by keys: the cell's name. The program answers at once.
    session.type_keys(b"a2");
    session.wait_to_show("1. white a2  you");
    session.wait_to_show("2. black ");
    session.wait_until("the program's move", |s| {
        s.text().contains("The program (black) played")
    });
    assert!(session.text().contains(" w1 "), "{}", session.text());

    // A move by the mouse, on an empty cell as drawn.
    let (row, col) = session.shown.locate(" · ").expect("an empty cell");
    session.type_keys(&click(row, col + 1));
    session.wait_until("the third move", |s| {
        let text = s.text();
        // The cell may have had several capture sets: Enter plays the one
        // proposed.
        text.contains("3. white ") || text.contains("capture sets")
    });
    if session.text().contains("capture sets") {
        session.type_keys(b"\r");
    }
    session.wait_to_show("3. white ");
    session.shared_keys_then_quit(
        &mut program,
        "3. white ",
        "The goal (majority rule)",
        b"v",
        "plies to the end after each move",
    );
}

#[test]
fn the_end_of_a_game_is_announced_and_n_starts_another() {
    let (screen, terminal) = pseudo_terminal();
    let _program = start_in(terminal, &GAME);
    let mut session = Session::new(screen);
    session.wait_to_show("no moves yet");
    // Space plays on the cursor's cell, Enter a proposed capture set: on a
    // board of four cells a game ends within a few dozen presses.
    for _ in 0..40 {
        if session.text().contains("GAME OVER") {
            break;
        }
        // Each cell in turn under the cursor, then Space, then Enter.
        for keys in [
            &b"\x1b[A\x1b[D "[..],
            b"\r",
            b"\x1b[C ",
            b"\r",
            b"\x1b[B ",
            b"\r",
            b"\x1b[D ",
            b"\r",
        ] {
            session.type_keys(keys);
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
        session.catch_up();
    }
    session.wait_to_show("GAME OVER: ");
    session.wait_to_show("press n to play again");
    session.type_keys(b"n");
    session.wait_to_show("New game: you play white.");
    session.wait_to_show("no moves yet");
}

/// Closing the terminal window while the board is up ends the program as
/// SIGHUP would.
#[test]
fn closing_the_terminal_ends_the_program_as_a_hangup() {
    let (screen, terminal) = pseudo_terminal();
    let mut program = start_in(terminal, &GAME);
    close_once_the_board_is_up(screen);
    let status = ending(&mut program, "its terminal was closed");
    assert_eq!(status.signal(), Some(libc::SIGHUP), "{status:?}");
}

/// `--plain` keeps line mode in a terminal: no full screen, the line
/// protocol's board and prompt.
#[test]
fn plain_keeps_line_mode_in_a_terminal() {
    let (mut screen, terminal) = pseudo_terminal();
    let mut args = GAME.to_vec();
    args.push("--plain");
    let mut program = start_in(terminal, &args);
    let output = screen_output(screen.try_clone().expect("a copy"));
    let mut seen = Vec::new();
    wait_for(&output, &mut seen, b"white to move (you)");
    assert!(pty::find(&seen, ENTER_ALTERNATE_SCREEN).is_none());
    assert!(
        pty::find(&seen, b"2 |  .  .").is_some(),
        "{}",
        String::from_utf8_lossy(&seen)
    );
    screen.write_all(b"quit\n").expect("typing works");
    let status = ending(&mut program, "quit");
    assert_eq!(status.code(), Some(0), "{status:?}");
    assert!(pty::find(&seen, LEAVE_ALTERNATE_SCREEN).is_none());
}
