//! The standard streams as the subcommands use them: stdin and stdout
//! whose errors name the stream, and stderr for chatter (prompts, help),
//! which never stops a game.

use std::borrow::Cow;
use std::io::{self, BufRead, Read, Write};

/// A locked standard stream whose errors say which stream failed, and how
/// (`cannot write standard output: No space left on device`), as errors
/// reading a whole input name what could not be read. Each error keeps its
/// kind, so that a closed pipe is still known as one (see
/// [`super::finish`]).
pub struct Named<S> {
    stream: S,
    failure: Cow<'static, str>,
}

impl<S> Named<S> {
    /// `stream`, whose errors are said to be `failure`.
    pub fn new(stream: S, failure: impl Into<Cow<'static, str>>) -> Named<S> {
        Named {
            stream,
            failure: failure.into(),
        }
    }
}

/// Standard input, read as it comes.
pub fn stdin() -> Named<io::StdinLock<'static>> {
    Named::new(io::stdin().lock(), "cannot read standard input")
}

pub fn stdout() -> Named<Stdout> {
    Named::new(Stdout(io::stdout().lock()), WRITE_FAILURE)
}

/// Standard output, which fails every write if the program was started
/// with it closed (`gamespace ... >&-`). The standard library opens
/// `/dev/null` in its place before `main` and would lose every result
/// without a word.
pub struct Stdout(io::StdoutLock<'static>);

impl Write for Stdout {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        closed_stdout()?;
        self.0.write(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        closed_stdout()?;
        self.0.flush()
    }
}

/// An error (as writing to a closed descriptor gives) if the program was
/// started with standard output closed.
pub fn closed_stdout() -> io::Result<()> {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    if at_start::STDOUT_CLOSED.load(std::sync::atomic::Ordering::Relaxed) {
        return Err(io::Error::from_raw_os_error(libc::EBADF));
    }
    Ok(())
}

/// What standard output was when the program started, looked at before
/// the standard library's start-up replaces a closed one: by a function in
/// `.init_array`, which the C library runs before `main`.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
mod at_start {
    use std::sync::atomic::{AtomicBool, Ordering};

    pub static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

    extern "C" fn look() {
        // SAFETY: `F_GETFD` only reads the flags of a descriptor number,
        // and fails with EBADF where none is open.
        let closed = unsafe { libc::fcntl(libc::STDOUT_FILENO, libc::F_GETFD) } == -1;
        STDOUT_CLOSED.store(closed, Ordering::Relaxed);
    }

    // SAFETY: the section holds pointers to functions that take no
    // arguments the callee reads and return nothing, which `look` is; it
    // touches only an atomic, which needs no set-up.
    #[used]
    #[unsafe(link_section = ".init_array")]
    static LOOK: extern "C" fn() = look;
}

/// What an error writing standard output is said to be, here and where
/// clap writes help itself.
pub const WRITE_FAILURE: &str = "cannot write standard output";

/// `error`, as the cause of `failure`.
pub fn named(failure: &str, error: io::Error) -> io::Error {
    io::Error::new(error.kind(), format!("{failure}: {error}"))
}

impl<S: Read> Read for Named<S> {
    fn read(&mut self, bytes: &mut [u8]) -> io::Result<usize> {
        self.stream.read(bytes).map_err(|e| named(&self.failure, e))
    }

    /// The stream's own, which a whole input is read with: stdin's drains
    /// its buffer and then reads straight into `bytes`.
    fn read_to_end(&mut self, bytes: &mut Vec<u8>) -> io::Result<usize> {
        self.stream
            .read_to_end(bytes)
            .map_err(|e| named(&self.failure, e))
    }
}

impl<S: BufRead> BufRead for Named<S> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        let failure = &self.failure;
        self.stream.fill_buf().map_err(|e| named(failure, e))
    }

    fn consume(&mut self, amount: usize) {
        self.stream.consume(amount);
    }
}

impl<S: Write> Write for Named<S> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.stream.write(bytes).map_err(|e| named(&self.failure, e))
    }

    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.stream.write_all(bytes).map_err(|e| named(&self.failure, e))
    }

    fn flush(&mut self) -> io::Result<()> {
        self.stream.flush().map_err(|e| named(&self.failure, e))
    }
}

/// Standard error, locked, for what a person at the terminal reads beside
/// the results: where it cannot be written (closed, or on a full disk),
/// what is written is dropped and the game goes on, since the protocol on
/// standard output does not need it.
pub struct Chatter(io::StderrLock<'static>);

pub fn chatter() -> Chatter {
    Chatter(io::stderr().lock())
}

impl Write for Chatter {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let _ = self.0.write_all(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        let _ = self.0.flush();
        Ok(())
    }
}
