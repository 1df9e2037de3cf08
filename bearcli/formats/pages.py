"""Self-contained HTML pages: a record to step through (`replay --html`) and the report of a
whole check (`check --html`).

Each page is one file: the pictures are inline SVG, the style and the script are inline, and a
Content-Security-Policy forbids every fetch, so a page opens from a USB stick with no network.
Without scripts the step-through page is a readable list of the moves (each an anchor
`#move-N`) with the final picture; with them it shows one frame at a time (arrow keys,
Home/End, a slider, buttons; `#move-12` opens move 12).

The frames' pictures share their unchanged lines: the page holds each distinct SVG line once
and every frame as a list of line numbers, so a long game stays small.
"""

from __future__ import annotations

import json
from html import escape
from typing import TYPE_CHECKING

from bearcli.core.safetext import safe

if TYPE_CHECKING:  # the frames a page shows are made a layer up: only their type is named
    from bearcli.walkthrough import Walk

CSP = (
    "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
    "img-src data:; base-uri 'none'; form-action 'none'"
)
STYLE = """
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 1.5em;
       color: #1b1b1b; background: #fafafa; max-width: 72em; }
h1 { font-size: 1.4em; margin: 0 0 .2em; }
code, pre, .where { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; }
.meta { color: #555; margin: 0 0 1em; }
.controls { display: flex; gap: .4em; align-items: center; flex-wrap: wrap; margin: .6em 0; }
.controls input[type=range] { flex: 1; min-width: 10em; }
.frame { display: flex; gap: 1.5em; flex-wrap: wrap; align-items: flex-start; }
.frame .text { flex: 1; min-width: 18em; }
.error, .failed { border-left: 4px solid #b3261e; background: #fdecea; padding: .5em .8em; }
.ok { border-left: 4px solid #2e7d32; background: #edf7ed; padding: .5em .8em; }
.error pre, .failed pre { white-space: pre-wrap; margin: .3em 0; }
ol.moves li { margin: .25em 0; }
ol.moves li.current { background: #fff3c4; }
ol.moves ul, .frame ul { margin: .2em 0 .2em 1.2em; padding: 0; }
.pictures { display: flex; gap: 1em; flex-wrap: wrap; }
figure { margin: 0; }
figcaption { font-weight: bold; margin-bottom: .3em; }
.js-only { display: none; }
html.js .js-only { display: block; }
"""
SCRIPT = """
document.documentElement.classList.add("js");
(function () {
  var data = JSON.parse(document.getElementById("walk-data").textContent);
  var frames = data.frames, last = frames.length - 1, at = -1;
  var slider = document.getElementById("slider");
  slider.max = String(last);
  function el(id) { return document.getElementById(id); }
  function show(n, fromHash) {
    n = Math.max(0, Math.min(last, n));
    var f = frames[n];
    el("picture").innerHTML = f.svg.map(function (i) { return data.lines[i]; }).join("\\n");
    var refused = data.refused && n === last;
    el("move").textContent = n === 0 ? "The set-up"
      : "Move " + n + ": " + f.move + (refused ? " (refused)" : "");
    el("where").textContent = f.where;
    var list = el("sentences");
    list.textContent = "";
    f.sentences.forEach(function (s) {
      var li = document.createElement("li"); li.textContent = s; list.appendChild(li);
    });
    el("status").textContent = f.status;
    el("counter").textContent = n + " / " + last;
    el("refusal-here").hidden = !refused;
    slider.value = String(n);
    var old = document.querySelector("ol.moves li.current");
    if (old) { old.classList.remove("current"); }
    var item = el("move-" + n);
    if (item) { item.classList.add("current"); }
    at = n;
    if (!fromHash && location.hash !== "#move-" + n) {
      history.replaceState(null, "", "#move-" + n);
    }
  }
  function fromHash() {
    var m = /^#move-(\\d+)$/.exec(location.hash);
    show(m ? parseInt(m[1], 10) : 0, true);
  }
  el("first").onclick = function () { show(0); };
  el("prev").onclick = function () { show(at - 1); };
  el("next").onclick = function () { show(at + 1); };
  el("last").onclick = function () { show(last); };
  slider.oninput = function () { show(parseInt(slider.value, 10)); };
  document.addEventListener("keydown", function (e) {
    if (e.target && e.target.tagName === "INPUT" && e.target.type !== "range") { return; }
    var to = {ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: last}[e.key];
    if (to !== undefined) { e.preventDefault(); show(to); }
  });
  window.addEventListener("hashchange", fromHash);
  fromHash();
})();
"""


def _h(text: str) -> str:
    """Text from a record or a scenario, as HTML: control characters shown escaped."""
    return escape(safe(text))


def _head(title: str) -> str:
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{_h(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
    )


def _svg_body(svg: str) -> str:
    """The SVG element alone (an XML declaration has no place inside HTML)."""
    return svg[svg.index("<svg") :].strip()


def _json(value) -> str:
    # Inside <script>, "</" would end the element: written as "<\/", which JSON reads back.
    return json.dumps(value, ensure_ascii=True, separators=(",", ":")).replace("</", "<\\/")


def walk_page(walk: Walk) -> str:
    """The step-through page of one record."""
    lines: dict[str, int] = {}
    frames = []
    for f in walk.frames:
        ids = [lines.setdefault(line, len(lines)) for line in _svg_body(f.svg).split("\n")]
        frames.append(
            {
                "n": f.n,
                "move": f.move,
                "where": f.where,
                "sentences": list(f.sentences),
                "status": f.status,
                "svg": ids,
            }
        )
    data = {"lines": list(lines), "frames": frames, "refused": walk.refusal is not None}
    last = walk.frames[-1]
    out = [_head(f"{walk.title} - {walk.record}")]
    out.append(f"<h1>{_h(walk.title)}</h1>\n")
    result = "refused at a step" if walk.refusal else walk.result
    out.append(
        f'<p class="meta"><span class="where">{_h(walk.record)}</span> - '
        f"{walk.accepted} moves accepted - {_h(result)}</p>\n"
    )
    out.append(
        '<div class="js-only" id="viewer">\n<div class="controls">'
        '<button id="first" title="Home">&laquo; first</button>'
        '<button id="prev" title="Left arrow">&lsaquo; back</button>'
        '<input type="range" id="slider" min="0" value="0" aria-label="move">'
        '<button id="next" title="Right arrow">next &rsaquo;</button>'
        '<button id="last" title="End">last &raquo;</button>'
        ' <span id="counter"></span></div>\n'
        '<div class="frame"><div id="picture"></div><div class="text">'
        '<h2 id="move"></h2><p class="where" id="where"></p><ul id="sentences"></ul>'
        '<p id="status"></p>'
        f'<div id="refusal-here" hidden>{_refusal(walk)}</div>'
        "</div></div>\n</div>\n"
    )
    out.append('<h2>Moves</h2>\n<ol class="moves" start="0">\n')
    for f in walk.frames:
        what = "the set-up" if f.n == 0 else f"<code>{_h(f.move)}</code>"
        if walk.refusal and f is last and f.n == walk.refusal.move:
            what += " <strong>refused</strong>"
        where = f' <span class="where">{_h(f.where)}</span>' if f.where else ""
        told = "".join(f"<li>{_h(s)}</li>" for s in f.sentences)
        out.append(
            f'<li id="move-{f.n}"><a href="#move-{f.n}">{f.n}</a> {what}{where}'
            + (f"<ul>{told}</ul>" if told else "")
            + "</li>\n"
        )
    out.append("</ol>\n")
    if walk.refusal:
        out.append(f'<h2 id="refusal">Refused at move {walk.refusal.move}</h2>\n{_refusal(walk)}\n')
    heading = "The position before the refused step" if walk.refusal else "The final position"
    out.append(
        f'<h2 id="final">{heading}</h2>\n<figure>{_svg_body(last.svg)}'
        f"<figcaption>{_h(last.status)}</figcaption></figure>\n"
    )
    out.append(f'<script type="application/json" id="walk-data">{_json(data)}</script>\n')
    out.append(f"<script>{SCRIPT}</script>\n</body>\n</html>\n")
    return "".join(out)


def _refusal(walk: Walk) -> str:
    r = walk.refusal
    if r is None:
        return ""
    parts = [f'<div class="error"><pre class="headline">{_h(r.headline)}</pre>']
    if r.ruling:
        parts.append(f'<p class="ruling">{_h(r.ruling)}</p>')
    if r.legal:
        parts.append(f'<p class="legal">legal there: <code>{_h(r.legal)}</code></p>')
    parts.append("</div>")
    return "".join(parts)


def check_page(entries: list[dict], summary: str) -> str:
    """The report of a check: each record's status; for a failure its message and details
    (the first differing event, expected and got, the step that produced it) and the
    pictures before and after that step. `entries`: record, status, message, details,
    pictures ((caption, svg) pairs)."""
    out = [_head(f"bearcli check: {summary}")]
    out.append(f'<h1>bearcli check</h1>\n<p class="meta" id="summary">{_h(summary)}</p>\n')
    out.append("<ul>\n")
    for n, e in enumerate(entries):
        shown = e["status"] if e["passed"] else "FAILED"
        out.append(
            f'<li><a href="#record-{n}"><span class="where">{_h(e["record"])}</span></a>: '
            f"{_h(shown)}</li>\n"
        )
    out.append("</ul>\n")
    for n, e in enumerate(entries):
        kind = "ok" if e["passed"] else "failed"
        out.append(
            f'<section id="record-{n}" class="{kind}" data-status="{_h(e["status"])}">'
            f'<h2 class="where">{_h(e["record"])}: {_h(e["status"])}</h2>\n'
        )
        if e["message"]:
            out.append(f"<pre>{_h(e['message'])}</pre>\n")
        if e["details"]:
            out.append(f"<pre>{_h(chr(10).join(e['details']))}</pre>\n")
        if e["pictures"]:
            out.append('<div class="pictures">')
            for caption, svg in e["pictures"]:
                out.append(
                    f"<figure><figcaption>{_h(caption)}</figcaption>{_svg_body(svg)}</figure>"
                )
            out.append("</div>\n")
        out.append("</section>\n")
    out.append("</body>\n</html>\n")
    return "".join(out)
