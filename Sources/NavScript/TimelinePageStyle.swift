/// The look of `timeline FILE.html`: the page's style sheet and its fixed
/// markup. The phone follows UIKit's proportions in points (a 390 x 844
/// screen, a 44-point bar under a 54-point status bar, a 49-point tab bar
/// over the 34-point home indicator, a sheet's card 10 points under the
/// status bar), drawn here with boxes and one path for the back chevron.
enum TimelinePageStyle {
    static let css = #"""
        :root { --ink: #111827; --dim: #6b7280; --line: #e5e7eb; --blue: #007aff; --bg: #f8fafc; --fs: 14px; }
        * { box-sizing: border-box; }
        html, body { margin: 0; height: 100%; background: var(--bg); color: var(--ink);
          font: var(--fs)/1.4 -apple-system, system-ui, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
        body.large { --fs: 22px; }
        #app { display: flex; flex-direction: column; height: 100vh; }
        header { display: flex; flex-wrap: wrap; align-items: center; gap: .5em 1em; padding: .5em 1em;
          background: #fff; border-bottom: 1px solid var(--line); }
        header .brand { font-weight: 600; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: 40%; }
        header .brand small { color: var(--dim); font-weight: 400; }
        #controls { display: flex; flex-wrap: wrap; align-items: center; gap: .4em; margin-left: auto; }
        button, select { font: inherit; border: 1px solid #cbd5e1; background: #fff; border-radius: .4em;
          padding: .2em .6em; min-height: 2em; cursor: pointer; color: var(--ink); }
        button:hover, select:hover { border-color: var(--blue); }
        button.on { background: var(--blue); color: #fff; border-color: var(--blue); }
        button svg { width: 1em; height: 1em; vertical-align: -.12em; fill: currentColor; }
        #main { flex: 1; display: flex; min-height: 0; }
        #stage { flex: 0 0 auto; display: flex; flex-direction: column; align-items: center; justify-content: center;
          padding: .8em 1.2em; min-width: 0; }
        #holder { position: relative; }
        #caption { margin-top: .6em; text-align: center; max-width: 30em; min-height: 2.8em; color: #1f2937; }
        #caption b { color: var(--blue); }
        #side { flex: 1; display: flex; flex-direction: column; min-width: 0; border-left: 1px solid var(--line); background: #fff; }
        #now { padding: .5em 1em; border-bottom: 1px solid var(--line); font-variant-numeric: tabular-nums; color: var(--dim); }
        #now b { color: var(--ink); }
        #events { list-style: none; margin: 0; padding: .3em 0 40vh; overflow-y: auto; flex: 1;
          font-family: ui-monospace, "SF Mono", Menlo, Consolas, "DejaVu Sans Mono", monospace; font-size: .86em; }
        #events li { content-visibility: auto; contain-intrinsic-size: auto 1.4em; display: flex; gap: .8em; padding: .12em 1em; cursor: pointer; border-left: .3em solid transparent; }
        #events li:hover { background: #f1f5f9; }
        #events ol { list-style: none; margin: 0; padding: 0; }
        #events .fut { opacity: .42; }
        #events li .t { flex: 0 0 5.5em; text-align: right; color: var(--dim); font-variant-numeric: tabular-nums; }
        #events li .x { overflow-wrap: anywhere; }
        #events li.cur { background: #dbeafe; border-left-color: var(--blue); font-weight: 600; }
        #events li.mk { font-family: -apple-system, system-ui, sans-serif; margin: .4em 0; padding: .3em 1em; font-weight: 600; }
        #events li.mk.section { background: #dcfce7; color: #14532d; font-size: 1.1em; }
        #events li.mk.reset { background: #e2e8f0; color: #0f172a; border-top: 2px dashed #64748b; }
        #events li.mk.undo { background: #fef9c3; color: #713f12; border-top: 2px dashed #ca8a04; }
        .c0 .x { color: #1d4ed8; } .c1 .x { color: #4b5563; } .c2 .x { color: #7c3aed; } .c3 .x { color: #c2410c; }
        .c4 .x { color: #a16207; } .c5 .x { color: #be123c; } .c6 .x { color: #a16207; } .c7 .x { color: #0f766e; }
        .c8 .x { color: #c2410c; } .c9 .x { color: #15803d; } .c10 .x { color: #374151; } .c11 .x { color: #be123c; }
        .c12 .x { color: #b45309; } .c13 .x { color: #dc2626; } .c14 .x { color: #64748b; }
        footer { padding: .4em 1em .6em; background: #fff; border-top: 1px solid var(--line); }
        #scrubwrap { position: relative; }
        #scrub { width: 100%; margin: 0; }
        #ticks { position: relative; height: .7em; }
        #ticks i { position: absolute; top: 0; width: 2px; height: .7em; background: #15803d; }
        #ticks i.reset { background: #475569; } #ticks i.undo { background: #ca8a04; }
        #keys { position: fixed; inset: 0; background: rgba(15, 23, 42, .5); display: flex; align-items: center;
          justify-content: center; }
        #keys[hidden] { display: none; }
        #keys div { background: #fff; border-radius: .8em; padding: 1em 1.6em; max-width: 34em; }
        #keys kbd { display: inline-block; min-width: 1.6em; text-align: center; border: 1px solid #cbd5e1;
          border-radius: .3em; padding: 0 .3em; background: #f8fafc; font: inherit; }
        /* The phone, in points, scaled to fit (--k). */
        #phone { position: relative; width: 414px; height: 868px; transform-origin: top left;
          transform: scale(var(--k, 1)); border-radius: 64px; background: #1c1c1e;
          box-shadow: 0 0 0 2px #3a3a3c, 0 18px 40px rgba(0, 0, 0, .25); }
        .screen { position: absolute; left: 12px; top: 12px; width: 390px; height: 844px; border-radius: 52px;
          overflow: hidden; background: #000; font-family: -apple-system, system-ui, "Helvetica Neue", Arial, sans-serif;
          font-size: 17px; color: #000; }
        .island { position: absolute; left: 131px; top: 11px; width: 128px; height: 37px; border-radius: 19px;
          background: #000; z-index: 50; }
        .status { position: absolute; left: 0; top: 0; width: 390px; height: 54px; z-index: 40; font-weight: 600;
          font-size: 17px; pointer-events: none; }
        .status .clock { position: absolute; left: 51px; top: 17px; }
        .status .batt { position: absolute; right: 30px; top: 21px; width: 25px; height: 12px; border: 1.5px solid #000;
          border-radius: 4px; opacity: .9; }
        .status .batt::after { content: ""; position: absolute; inset: 1.5px 5px 1.5px 1.5px; background: #000; border-radius: 1.5px; }
        .status .bars { position: absolute; right: 64px; top: 21px; width: 18px; height: 12px;
          background: linear-gradient(90deg, #000 0 3px, transparent 3px 5px, #000 5px 8px, transparent 8px 10px,
          #000 10px 13px, transparent 13px 15px, #000 15px 18px);
          clip-path: polygon(0 75%, 100% 0, 100% 100%, 0 100%); }
        .status.light { color: #fff; } .status.light .batt { border-color: #fff; }
        .status.light .batt::after { background: #fff; } .status.light .bars { filter: invert(1); }
        .card .plain::before { content: ""; position: absolute; left: 177px; top: 8px; width: 36px; height: 5px;
          border-radius: 3px; background: #c7c7cc; z-index: 5; }
        .layer { position: absolute; left: 0; top: 0; width: 390px; height: 844px; background: #fff; overflow: hidden; }
        .page { position: absolute; left: 0; top: 98px; width: 390px; bottom: 0; background: #f2f2f7; overflow: hidden; }
        .page .hero { margin: 22px 16px 0; height: 150px; border-radius: 12px; display: flex; align-items: flex-end;
          padding: 14px 16px; color: #fff; font-size: 30px; font-weight: 700; letter-spacing: -.3px;
          overflow-wrap: anywhere; line-height: 1.1; }
        .page .cells { margin: 22px 16px 0; background: #fff; border-radius: 12px; }
        .page .cells div { height: 44px; border-bottom: .5px solid #c6c6c8; margin-left: 16px; display: flex;
          align-items: center; color: #8e8e93; font-size: 15px; }
        .page .cells div:last-child { border-bottom: 0; }
        .page .cells div i { display: inline-block; height: 9px; border-radius: 5px; background: #d1d1d6; }
        .navbar { position: absolute; left: 0; top: 54px; width: 390px; height: 44px; z-index: 20; }
        .barbg { position: absolute; left: 0; top: 0; width: 390px; height: 98px; z-index: 19;
          background: rgba(249, 249, 249, .94); border-bottom: .5px solid rgba(0, 0, 0, .3); }
        .navbar .title { position: absolute; left: 90px; right: 90px; top: 0; height: 44px; line-height: 44px;
          text-align: center; font-weight: 600; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
        .navbar .back { position: absolute; left: 8px; top: 0; height: 44px; display: flex; align-items: center;
          color: var(--blue); max-width: 110px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
        .navbar .back svg { width: 13px; height: 21px; margin-right: 5px; flex: none; }
        .navbar .back span { overflow: hidden; text-overflow: ellipsis; }
        .navbar .back.custom { left: 16px; }
        .shade { position: absolute; inset: 0; background: #000; pointer-events: none; z-index: 25; }
        .card { position: absolute; left: 0; width: 390px; background: #fff; border-radius: 10px 10px 0 0;
          overflow: hidden; z-index: 30; box-shadow: 0 -2px 12px rgba(0, 0, 0, .15); }
        .card.full { border-radius: 0; }
        .card .layer { height: 100%; }
        .card .plain { position: absolute; left: 0; right: 0; top: 0; bottom: 0; }
        .card .plain .page { top: 24px; }
        .card .navbar { top: 0; }
        .card .barbg { height: 44px; }
        .card .page { top: 44px; }
        .card.full .navbar { top: 54px; } .card.full .barbg { height: 98px; } .card.full .page { top: 98px; }
        .card.full .plain .page { top: 54px; }
        .tabbar { position: absolute; left: 0; bottom: 0; width: 390px; height: 83px; z-index: 35;
          background: rgba(249, 249, 249, .96); border-top: .5px solid rgba(0, 0, 0, .3); display: flex; }
        .tabbar div { flex: 1; text-align: center; padding-top: 7px; font-size: 10px; font-weight: 500; color: #8e8e93;
          overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
        .tabbar div::before { content: ""; display: block; width: 26px; height: 26px; margin: 0 auto 3px;
          border-radius: 8px; border: 2px solid currentColor; }
        .tabbar div.sel { color: var(--blue); }
        .tabbar div.sel::before { background: currentColor; }
        .home { position: absolute; left: 128px; bottom: 8px; width: 134px; height: 5px; border-radius: 3px;
          background: #000; z-index: 60; }
        .alertbox { position: absolute; left: 60px; width: 270px; top: 50%; transform: translateY(-50%); z-index: 70;
          background: rgba(242, 242, 242, .97); border-radius: 14px; text-align: center; overflow: hidden; }
        .alertbox p { margin: 0; padding: 19px 16px 18px; font-size: 15px; font-weight: 600; overflow-wrap: anywhere; }
        .alertbox .btns { display: flex; border-top: .5px solid rgba(60, 60, 67, .36); }
        .alertbox .btns span { flex: 1; height: 44px; line-height: 44px; color: var(--blue); }
        .alertbox .btns span + span { border-left: .5px solid rgba(60, 60, 67, .36); font-weight: 600; }
        .dim { position: absolute; inset: 0; background: rgba(0, 0, 0, .2); z-index: 65; }
        .frozen { position: absolute; inset: 0; z-index: 80; border: 6px solid #dc2626; border-radius: 52px;
          pointer-events: none; }
        .frozen span { position: absolute; left: 50%; top: 108px; transform: translateX(-50%); background: #dc2626;
          color: #fff; font-weight: 800; letter-spacing: 2px; padding: 6px 14px; border-radius: 8px; font-size: 20px;
          text-align: center; width: 330px; }
        .frozen small { display: block; letter-spacing: 0; font-weight: 500; font-size: 13px; }
        .finger { position: absolute; width: 54px; height: 54px; margin: -27px 0 0 -27px; border-radius: 50%;
          background: rgba(60, 60, 67, .35); border: 2px solid rgba(255, 255, 255, .9); z-index: 75;
          box-shadow: 0 0 0 4px rgba(0, 122, 255, .35); }
        .toast { position: absolute; left: 20px; right: 20px; bottom: 100px; z-index: 78; background: rgba(28, 28, 30, .86);
          color: #fff; border-radius: 12px; padding: 10px 14px; font-size: 15px; text-align: center; }
        .empty { position: absolute; left: 0; right: 0; top: 330px; text-align: center; color: #8e8e93; font-size: 17px; }
        """#

    /// The page's fixed markup; the script fills it.
    static let body = #"""
        <div id="app">
        <header>
          <div class="brand">navsh timeline · <span id="title"></span> <small id="summary"></small></div>
          <div id="controls">
            <button id="first" title="Back to the start (Home)"><svg viewBox="0 0 16 16"><path d="M2 2h2v12H2zM14 2v12L5 8z"/></svg></button>
            <button id="prev" title="Previous event (Left arrow)"><svg viewBox="0 0 16 16"><path d="M12 2v12L3 8z"/></svg></button>
            <button id="play" title="Play or pause (Space)"><svg viewBox="0 0 16 16"><path id="playicon" d="M4 2v12l10-6z"/></svg></button>
            <button id="next" title="Next event (Right arrow)"><svg viewBox="0 0 16 16"><path d="M4 2v12l9-6z"/></svg></button>
            <label for="speed">speed</label>
            <select id="speed" title="Speed ([ slower, ] faster)">
              <option value="0.1">0.1x</option><option value="0.25">0.25x</option><option value="0.5">0.5x</option>
              <option value="1" selected>1x</option><option value="1.5">1.5x</option><option value="2">2x</option>
            </select>
            <select id="jump" title="Jump to a section or a reset (Page Up, Page Down)"><option value="">jump to…</option></select>
            <button id="large" title="Large mode, for a projector (L)">Aa</button>
            <button id="help" title="Keyboard shortcuts (?)">?</button>
          </div>
        </header>
        <div id="main">
          <div id="stage"><div id="holder"><div id="phone" role="img" aria-label="the phone"></div></div>
            <div id="caption" aria-live="polite"></div></div>
          <div id="side"><div id="now"></div><div id="events"></div></div>
        </div>
        <footer><div id="scrubwrap"><input type="range" id="scrub" min="0" max="1" step="1" value="0"
          aria-label="position in the session"><div id="ticks"></div></div></footer>
        <div id="keys" hidden><div><h3>Keys</h3>
          <p><kbd>Space</kbd> play or pause · <kbd>←</kbd> <kbd>→</kbd> previous or next event ·
          <kbd>Home</kbd> <kbd>End</kbd> start or end</p>
          <p><kbd>Page Up</kbd> <kbd>Page Down</kbd> previous or next section or reset ·
          <kbd>1</kbd>…<kbd>9</kbd> section N</p>
          <p><kbd>[</kbd> <kbd>]</kbd> slower or faster · <kbd>L</kbd> large mode · <kbd>?</kbd> this help</p>
          <p>Click an event to go there. The address keeps the place: <code>#e=12</code> (after event 12),
          <code>#t=175</code> (175 ms on the clock), <code>#r=1&amp;t=0</code> (after the first reset).</p></div></div>
        </div>
        """#
}
