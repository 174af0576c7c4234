//! The HTTP side: routes, the query strings, and the JSON of answers and
//! errors. Every answer of the API is JSON, errors included:
//! `{"error": "one line"}` with a 4xx status (503 while shutting down).

use super::assets;
use super::games::{Answer, Failure, Games};
use crate::solve::Outcome;
use crate::text::shortened;
use axum::Router;
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, RawQuery, State};
use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::Arc;

/// The longest query string read, in bytes: the longest position of any
/// game served is under a hundred characters, URL-encoded three times that.
pub const MAX_QUERY: usize = 1024;

/// How many characters of a refused name an error shows.
const SHOWN: usize = 40;

/// The games, by the name in `/api/GAME/value`.
pub const GAMES: [&str; 3] = ["cephalopod", "pawn-chess", "mu-torere"];

/// The server's routes: the page, its script and style, and the API.
pub fn router(games: Arc<Games>) -> Router {
    Router::new()
        .route(
            "/",
            get(|| async { asset("text/html; charset=utf-8", assets::INDEX_HTML) }),
        )
        .route(
            "/app.js",
            get(|| async { asset("text/javascript; charset=utf-8", assets::APP_JS) }),
        )
        .route(
            "/style.css",
            get(|| async { asset("text/css; charset=utf-8", assets::STYLE_CSS) }),
        )
        .route("/api/{game}/value", get(value))
        .route("/api/cephalopods/puzzle", get(puzzle))
        .fallback(not_found)
        .method_not_allowed_fallback(|| async {
            error(
                StatusCode::METHOD_NOT_ALLOWED,
                "only GET (and HEAD) requests are answered",
            )
        })
        .with_state(games)
}

fn asset(content_type: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type)], body).into_response()
}

fn json(status: StatusCode, body: &Value) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        body.to_string(),
    )
        .into_response()
}

fn error(status: StatusCode, message: &str) -> Response {
    json(status, &json!({ "error": message.replace(['\n', '\r'], " ") }))
}

fn failure(f: Failure) -> Response {
    match f {
        Failure::BadRequest(m) => error(StatusCode::BAD_REQUEST, &m),
        Failure::NotFound(m) => error(StatusCode::NOT_FOUND, &m),
        Failure::Unavailable(m) => error(StatusCode::SERVICE_UNAVAILABLE, &m),
    }
}

async fn not_found(uri: Uri) -> Response {
    error(
        StatusCode::NOT_FOUND,
        &format!(
            "no page `{}`: the API is /api/GAME/value (GAME: {}) and /api/cephalopods/puzzle",
            shortened(uri.path(), SHOWN),
            GAMES.join(", ")
        ),
    )
}

/// A query string's parameters, each named at most once.
struct Params(HashMap<String, String>);

impl Params {
    /// Reads `query`, refusing one too long or with a parameter not in
    /// `allowed`, or the same one twice.
    fn read(query: Option<&str>, allowed: &[&str]) -> Result<Params, (StatusCode, String)> {
        let query = query.unwrap_or_default();
        if query.len() > MAX_QUERY {
            return Err((
                StatusCode::URI_TOO_LONG,
                format!("the query string is longer than {MAX_QUERY} bytes"),
            ));
        }
        let mut params = HashMap::new();
        for (name, value) in form_urlencoded::parse(query.as_bytes()) {
            if !allowed.contains(&name.as_ref()) {
                return Err((
                    StatusCode::BAD_REQUEST,
                    format!(
                        "unknown parameter `{}`: this takes {}",
                        shortened(&name, SHOWN),
                        allowed.join(", ")
                    ),
                ));
            }
            if params.insert(name.to_string(), value.into_owned()).is_some() {
                return Err((
                    StatusCode::BAD_REQUEST,
                    format!("parameter `{}` is given twice", shortened(&name, SHOWN)),
                ));
            }
        }
        Ok(Params(params))
    }

    fn get(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(String::as_str)
    }
}

/// `{"value": ..., "remoteness": ...}`'s two values: a draw has no
/// remoteness.
fn outcome(value: Outcome) -> (&'static str, Option<u32>) {
    (value.name(), value.plies())
}

/// The API's answer for a position.
pub fn answer_json(answer: &Answer) -> Value {
    let (value, remoteness) = outcome(answer.value);
    let moves: Vec<Value> = answer
        .moves
        .iter()
        .map(|m| {
            let (value, remoteness) = outcome(m.value);
            json!({
                "move": m.text,
                "position": m.position,
                "value": value,
                "remoteness": remoteness,
            })
        })
        .collect();
    json!({
        "position": answer.position,
        "value": value,
        "remoteness": remoteness,
        "moves": moves,
    })
}

/// `GET /api/GAME/value?position=POS[&size=RxC][&rule=R][&points=2n]`.
async fn value(
    State(games): State<Arc<Games>>,
    game: Result<Path<String>, PathRejection>,
    RawQuery(query): RawQuery,
) -> Response {
    let Ok(Path(game)) = game else {
        return error(StatusCode::NOT_FOUND, "the game's name is not UTF-8 text");
    };
    let allowed: &[&str] = match game.as_str() {
        "cephalopod" => &["position", "size", "rule"],
        "pawn-chess" => &["position", "size"],
        "mu-torere" => &["position", "points", "rule"],
        other => {
            return error(
                StatusCode::NOT_FOUND,
                &format!(
                    "unknown game `{}`: the games are {}",
                    shortened(other, SHOWN),
                    GAMES.join(", ")
                ),
            );
        }
    };
    let q = match Params::read(query.as_deref(), allowed) {
        Ok(q) => q,
        Err((status, message)) => return error(status, &message),
    };
    let position = q.get("position");
    let answer = match game.as_str() {
        "cephalopod" => games.cephalopod(position, q.get("size"), q.get("rule")).await,
        "pawn-chess" => games.pawn_chess(position, q.get("size")).await,
        _ => games.mu_torere(position, q.get("points"), q.get("rule")).await,
    };
    match answer {
        Ok(answer) => json(StatusCode::OK, &answer_json(&answer)),
        Err(f) => failure(f),
    }
}

/// `GET /api/cephalopods/puzzle?depth=D&board=DDDDDDDDD`.
async fn puzzle(State(games): State<Arc<Games>>, RawQuery(query): RawQuery) -> Response {
    let q = match Params::read(query.as_deref(), &["depth", "board"]) {
        Ok(q) => q,
        Err((status, message)) => return error(status, &message),
    };
    match games.puzzle(q.get("depth"), q.get("board")).await {
        Ok(sum) => json(StatusCode::OK, &json!({ "sum": sum })),
        Err(f) => failure(f),
    }
}
