// Placeholder: the page's script.
"use strict";
