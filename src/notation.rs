//! `Debug` in a game's own notation: a position, a board or a square shows
//! as its type's name around its text form, `Position(wwwbowbbb b)`, which
//! is how a person reads it, rather than as the bits it is stored in.

/// Implements `Debug` for each type named as `Name(text)`, where `text` is
/// the type's `Display`.
macro_rules! debug_in_notation {
    ($($name:ident),+ $(,)?) => {$(
        impl ::std::fmt::Debug for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                write!(f, concat!(stringify!($name), "({})"), self)
            }
        }
    )+};
}

pub(crate) use debug_in_notation;
