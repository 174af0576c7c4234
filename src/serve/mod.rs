//! `gamespace serve`: the web page and its JSON API (see the README).
//!
//! - `api`: the routes, query strings and JSON;
//! - `games`: each game's answer from the library, and the bounds on
//!   what is served;
//! - `registry`: the solved variants, each solved once, in the
//!   background, with a cap on solves at once;
//! - `assets`: the page, built into the binary.
//!
//! The command line binds the socket, prints the address and handles the
//! signals; everything else is here.

pub(crate) mod api;
pub(crate) mod assets;
pub(crate) mod games;
pub(crate) mod registry;

pub use api::router;
pub use games::{Answer, Failure, Games, MoveAnswer};
