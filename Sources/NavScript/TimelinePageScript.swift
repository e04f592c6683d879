/// The script of `timeline FILE.html`, in two parts: `phone` draws a frame
/// (`PhoneFrame`, as TimelinePage.encode writes it) at an instant of the
/// clock; `player` (TimelinePageScript+Player.swift) moves along the session.
/// The progress of a transition in flight is `PhonePicture`'s, read here
/// from its start and end.
enum TimelinePageScript {
    static let phone = #"""
        "use strict";
        const W = 390;
        const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
        const clamp = (x) => Math.min(1, Math.max(0, x));
        const CHEVRON = '<svg viewBox="0 0 13 21"><path d="M11 1.5 2.5 10.5 11 19.5" fill="none" stroke="currentColor" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/></svg>';
        /** A colour of the screen's own, from its class name (Detail#2 is Detail's). */
        function hue(name) {
          const base = String(name).split("#")[0];
          let h = 0;
          for (let i = 0; i < base.length; i++) h = (h * 31 + base.charCodeAt(i)) % 360;
          return h;
        }
        /** How far a push or pop has gone at `t` (PhonePicture's progress). */
        function slideProgress(s, t) {
          const start = s[3], end = s[4], pct = s[5];
          if (pct === null) return end !== null && end > start ? clamp((t - start) / (end - start)) : 1;
          const p = pct / 100;
          if (end === null) return p;
          if (end > start) {
            const f = clamp((t - start) / (end - start));
            return s[6] ? p * (1 - f) : p + (1 - p) * f;
          }
          return p;
        }
        /** How far up a presented controller is at `t` (1: all the way). */
        function sheetHeight(s, t) {
          if (s[3] === null || s[4] === null) return 1;
          const f = s[4] > s[3] ? clamp((t - s[3]) / (s[4] - s[3])) : 1;
          return s[2] ? f : 1 - f;
        }
        function page(name, depth) {
          if (name === null) return '<div class="page"><div class="empty">no screen yet</div></div>';
          const h = hue(name);
          let cells = "";
          for (let i = 0; i < 4; i++) cells += '<div><i style="width:' + (90 + ((h + i * 47) % 120)) + 'px"></i></div>';
          return '<div class="page"><div class="hero" style="background:linear-gradient(135deg,hsl(' + h + ',62%,52%),hsl(' +
            ((h + 40) % 360) + ',62%,42%))">' + esc(name) + '</div><div class="cells">' + cells + "</div></div>";
        }
        function bar(title, backKind, backTitle, extra, shift) {
          let back = "";
          if (backKind === 1) back = '<div class="back">' + CHEVRON + "<span>" + esc(backTitle) + "</span></div>";
          if (backKind === 2) back = '<div class="back custom"><span>Back</span></div>';
          if (backKind === 3) back = '<div class="back">' + CHEVRON + "</div>";
          return '<div class="navbar"' + (extra || "") + ">" + back + '<div class="title"' + (shift ? ' style="transform:translateX(' + shift.toFixed(1) + 'px)"' : "") + ">" +
            esc(title === null ? "" : title) + "</div></div>";
        }
        /** A navigation controller's bar and content: at rest, or a push or pop at `p`. */
        function navView(title, backKind, backTitle, depth, slide, t, prev, out) {
          // A transition that has ended (not a cancelled swipe's) is drawn at rest, as the next frame will be.
          if (slide && slide[4] !== null && t >= slide[4] && !slide[6]) slide = null;
          if (!slide) return '<div class="barbg"></div>' + bar(title, backKind, backTitle) + '<div class="layer" style="top:0;z-index:1">' + page(title, depth) + "</div>";
          const p = slideProgress(slide, t), push = slide[2] === 1;
          out.slide = p;
          // The screen on top after the transition, and the one it covers or uncovers.
          const top = push ? slide[0] : slide[1], under = push ? slide[1] : slide[0];
          const shown = push ? p : 1 - p; // how far the top screen is in
          const xTop = W * (1 - shown), xUnder = -0.3 * W * shown;
          let underBack = [0, null];
          if (push && prev && prev[0] === under) underBack = [prev[1], prev[2]];
          if (!push) underBack = [backKind, backTitle];
          const topBack = push ? [backKind, backTitle] : [1, under];
          out.barTitle = shown >= 0.5 ? top : under;
          return '<div class="barbg"></div>' +
            bar(under, underBack[0], underBack[1], ' style="opacity:' + (1 - shown).toFixed(3) + '"', -0.4 * W * shown) +
            bar(top, topBack[0], topBack[1], ' style="opacity:' + shown.toFixed(3) + '"', 0.45 * W * (1 - shown)) +
            '<div class="layer" style="z-index:1;transform:translateX(' + xUnder.toFixed(1) + 'px)">' + page(under, depth) +
            '<div class="shade" style="opacity:' + (0.12 * shown).toFixed(3) + '"></div></div>' +
            '<div class="layer" style="z-index:2;transform:translateX(' + xTop.toFixed(1) +
            'px);box-shadow:-6px 0 16px rgba(0,0,0,' + (0.2 * (1 - shown)).toFixed(3) + ')">' + page(top, depth) + "</div>" +
            (slide[4] === null && slide[5] !== null
              ? '<div class="finger" style="left:' + (W * shown).toFixed(1) + "px;top:" + (slide[7] ? 460 : 520) + 'px"></div>'
              : "");
        }
        /**
         * Draws frame `f` (null: nothing yet) at clock `t`; `prev` is the frame
         * before it, `toasts` the released screens to show. Returns the markup and
         * what the phone shows (for the page's state).
         */
        function drawPhone(f, prev, t, toasts) {
          const out = { title: "", back: "", top: "", slide: "", sheet: "", alert: "", frozen: "", tabs: "", tab: "", finger: "" };
          // Over a sheet's dark surround the status bar is light, as UIKit draws it.
          const light = f && f[5] && !f[8] && sheetHeight(f[5], t) > 0.5;
          let html = '<div class="screen"><div class="island"></div><div class="status' + (light ? " light" : "") +
            '"><span class="clock">9:41</span><span class="bars"></span><span class="batt"></span></div>';
          if (!f) {
            html += '<div class="layer"><div class="barbg"></div>' + bar(null, 0, null) + page(null, 0) + "</div>";
          } else {
            const [title, backKind, backTitle, depth, slide, sheet, behind, behindDepth, full, alert, frozen, tabs, sel] = f;
            const h = sheet ? sheetHeight(sheet, t) : 0;
            const inNav = sheet && sheet[1] === 1;
            // The window's controller (or, under a presented navigation controller, what it covers).
            let base;
            if (inNav) {
              base = '<div class="barbg"></div>' + bar(behind, behindDepth > 1 ? 3 : 0, null) + '<div class="layer" style="top:0;z-index:1">' + page(behind, behindDepth) + "</div>";
            } else {
              base = navView(title, backKind, backTitle, depth, slide, t, prev, out);
            }
            const scale = sheet && !full ? 1 - 0.07 * h : 1;
            html += '<div class="layer" style="background:#000"><div class="layer" style="transform:translateY(' + (10 * (scale < 1 ? h : 0)).toFixed(1) +
              "px) scale(" + scale.toFixed(4) + ");border-radius:" + (scale < 1 ? 10 * h : 0).toFixed(1) + 'px">' + base +
              (sheet ? '<div class="shade" style="opacity:' + (0.3 * h).toFixed(3) + '"></div>' : "") + "</div></div>";
            if (tabs.length) {
              html += '<div class="tabbar">' + tabs.map((n, i) => '<div class="' + (i === sel ? "sel" : "") + '">' + esc(n) + "</div>").join("") + "</div>";
              out.tabs = tabs.join(" ");
              out.tab = sel === null ? "" : tabs[sel];
            }
            if (sheet && h > 0) {
              const top0 = full ? 0 : 64, height = 844 - top0;
              const inner = inNav
                ? '<div class="layer">' + navView(title, backKind, backTitle, depth, slide, t, prev, out) + "</div>"
                : '<div class="plain">' + page(sheet[0], 1) + "</div>";
              html += '<div class="card' + (full ? " full" : "") + '" style="top:' + top0 + "px;height:" + height +
                "px;transform:translateY(" + ((1 - h) * (height + 12)).toFixed(1) + 'px)">' + inner + "</div>";
              out.sheet = sheet[0] + " " + h.toFixed(2);
            }
            out.title = out.barTitle !== undefined ? out.barTitle : (title === null ? "" : title);
            out.back = backKind === 1 ? "< " + backTitle : backKind === 2 ? "custom" : "";
            out.top = sheet && h >= 0.5 && !inNav ? sheet[0] : out.title;
            if (out.slide !== "") out.slide = out.slide.toFixed(2);
            if (slide && slide[4] === null && slide[5] !== null) out.finger = slide[7] ? "content" : "edge";
            if (alert !== null) {
              html += '<div class="dim"></div><div class="alertbox"><p>' + esc(alert) + '</p><div class="btns"><span>Cancel</span><span>OK</span></div></div>';
              out.alert = alert;
            }
            if (frozen !== null) {
              html += '<div class="frozen"><span>FROZEN<small>' + esc(frozen) + "</small></span></div>";
              out.frozen = frozen;
            }
          }
          if (toasts.length) html += '<div class="toast">' + toasts.map(esc).join("<br>") + "</div>";
          html += '<div class="home"></div></div>';
          delete out.barTitle;
          return { html, out };
        }

        """#
}
