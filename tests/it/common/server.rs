//! `gamespace serve` as the tests run it: the real binary on a free
//! loopback port, with a cache directory of its own, killed and its
//! directory removed when the test drops it ([`Process`]).

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, ChildStderr, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

pub const BIN: &str = env!("CARGO_BIN_EXE_gamespace");

/// An empty directory of its own for this process, named after `what`.
pub fn fresh_dir(what: &str) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "gamespace-{what}-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::SeqCst)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A child process with a directory of its own, killed and the directory
/// removed when dropped.
pub struct Process {
    pub child: Child,
    pub dir: PathBuf,
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A running server; its directory is its cache.
pub struct Server {
    pub process: Process,
    /// `127.0.0.1:PORT`.
    pub address: String,
    /// Its stderr after the address line.
    pub stderr: BufReader<ChildStderr>,
}

impl Server {
    /// Starts a server on a port that the system picks, and reads its
    /// address from the line it writes first.
    pub fn start() -> Server {
        let cache = fresh_dir("serve");
        let mut child = Command::new(BIN)
            .args(["serve", "--port", "0"])
            .env("GAMESPACE_CACHE_DIR", &cache)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let mut stderr = BufReader::new(child.stderr.take().unwrap());
        let mut line = String::new();
        stderr.read_line(&mut line).unwrap();
        let address = line
            .strip_prefix("listening on http://")
            .and_then(|rest| rest.strip_suffix("/\n"))
            .unwrap_or_else(|| panic!("not the address line: {line:?}"))
            .to_owned();
        let (host, port) = address.rsplit_once(':').unwrap();
        assert_eq!(host, "127.0.0.1", "loopback by default");
        assert!(port.parse::<u16>().unwrap() > 0, "--port 0 picks a free port");
        Server {
            process: Process { child, dir: cache },
            address,
            stderr,
        }
    }
}
