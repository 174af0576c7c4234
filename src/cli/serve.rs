//! `gamespace serve`: the web page and its JSON API on a local port.

use anyhow::Context;
use gamespace::serve::{Games, router};
use std::io::Write;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

/// Play and explore every game in the browser: a local web page, and the
/// JSON API it uses.
///
/// Once listening, prints one line to stderr, `listening on
/// http://127.0.0.1:PORT/`, and serves until SIGINT (Ctrl-C) or SIGTERM.
/// The API: `GET /api/GAME/value?position=POS` for GAME cephalopod (with
/// `size=RxC`, `rule=majority|sixes`), pawn-chess (`size=RxC`) or
/// mu-torere (`points=2n`, `rule=standard|free`), and `GET
/// /api/cephalopods/puzzle?depth=D&board=DDDDDDDDD`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Example:\n  gamespace serve --open\n  \
                        curl 'http://127.0.0.1:8080/api/mu-torere/value?position=wwwbowbbb+b'")]
pub struct Args {
    /// The port to listen on; 0 picks a free one.
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on. The default, loopback, serves this machine
    /// only; give another (such as 0.0.0.0) to serve the network.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    bind: IpAddr,
    /// Open the page in the browser once listening.
    #[arg(long)]
    open: bool,
}

/// How long requests under way may take to finish after a signal to stop:
/// a solve of minutes is not waited for.
const GRACE: Duration = Duration::from_secs(2);

pub fn run(args: Args) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_io()
        .enable_time()
        .build()
        .context("cannot start the server's threads")?;
    let served = runtime.block_on(serve(args));
    // Solves still running on blocking threads are abandoned, not awaited.
    runtime.shutdown_background();
    served
}

async fn serve(args: Args) -> anyhow::Result<()> {
    let listener = tokio::net::TcpListener::bind((args.bind, args.port))
        .await
        .with_context(|| format!("cannot listen on {} port {}", args.bind, args.port))?;
    let address = listener
        .local_addr()
        .context("cannot read the address listened on")?;
    let url = format!("http://{address}/");
    // The one line other programs wait for.
    writeln!(std::io::stderr(), "listening on {url}")?;
    if args.open {
        open_browser(&url);
    }
    let games = Arc::new(Games::new(gamespace::solve::cache::directory()));
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let mut until_stopped = stopped.clone();
    let server = tokio::spawn(
        axum::serve(listener, router(games))
            .with_graceful_shutdown(async move {
                let _ = until_stopped.wait_for(|&s| s).await;
            })
            .into_future(),
    );
    signal().await?;
    stop.send_replace(true);
    drop(stopped);
    match tokio::time::timeout(GRACE, server).await {
        Ok(Ok(served)) => served.context("the server failed"),
        // Requests still waiting for a solve are cut off.
        Ok(Err(_)) | Err(_) => Ok(()),
    }
}

/// Waits for SIGINT or SIGTERM (Ctrl-C elsewhere than Unix).
#[cfg(unix)]
async fn signal() -> anyhow::Result<()> {
    use tokio::signal::unix::{SignalKind, signal};
    let mut interrupt = signal(SignalKind::interrupt()).context("cannot wait for SIGINT")?;
    let mut terminate = signal(SignalKind::terminate()).context("cannot wait for SIGTERM")?;
    tokio::select! {
        _ = interrupt.recv() => {}
        _ = terminate.recv() => {}
    }
    Ok(())
}

#[cfg(not(unix))]
async fn signal() -> anyhow::Result<()> {
    tokio::signal::ctrl_c().await.context("cannot wait for Ctrl-C")
}

/// Opens `url` in the user's browser, or says on stderr why it cannot.
fn open_browser(url: &str) {
    let (program, first): (&str, &[&str]) = if cfg!(target_os = "macos") {
        ("open", &[])
    } else if cfg!(windows) {
        ("cmd", &["/C", "start", ""])
    } else {
        ("xdg-open", &[])
    };
    let opened = std::process::Command::new(program)
        .args(first)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    match opened {
        // Reaped when it ends, so that it leaves no zombie behind.
        Ok(mut child) => {
            std::thread::spawn(move || child.wait());
        }
        Err(e) => {
            let _ = writeln!(
                std::io::stderr(),
                "gamespace: cannot open a browser with {program}: {e}; open {url} yourself"
            );
        }
    }
}
