// The type of dist/ui/app-html.js (package.json "#app-html"), which scripts/build-ui.mjs generates.

/** The MCP Apps view: one self-contained HTML document. */
export declare const APP_HTML: string;
