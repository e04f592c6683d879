extension TimelinePageScript {
    /// Moves along the session: stops (the events and marks, in order) placed
    /// on a play axis in milliseconds, where each stop stays a moment and the
    /// clock then runs at its own pace (a long idle wait is cut short).
    /// The address (`#e=N`, `#t=MS`, `#r=R&t=MS`, `#s=K`) picks a place, and
    /// `#phone`'s data attributes say what the phone shows there.
    static let player = #"""
        const D = JSON.parse(document.getElementById("session").textContent);
        const EV = D.ev, MK = D.mk, ST = [null].concat(D.st); // stop 0: before the first event
        const N = ST.length;
        const STAY = { ev: 320, section: 1600, reset: 900, undo: 900, start: 300 }, IDLE = 1500;
        const T = new Float64Array(N), P = new Float64Array(N + 1), SEG = new Int32Array(N), FR = new Int32Array(N);
        const stay = (k) => k === 0 ? STAY.start : ST[k] >= 0 ? STAY.ev : MK[-1 - ST[k]][0] === 0 ? STAY.reset : MK[-1 - ST[k]][0] === 1 ? STAY.undo : STAY.section;
        // The clock at each stop, its segment (a reset starts a new one), the play axis, the frame shown.
        {
          let seg = 0, t = EV.length ? EV[0][0] : 0;
          for (let k = 1; k < N; k++) {
            const s = ST[k];
            if (s >= 0) t = EV[s][0];
            else if (MK[-1 - s][0] === 0) { seg++; t = 0; }
            T[k] = t; SEG[k] = seg;
          }
          T[0] = N > 1 ? T[1] : 0;
          for (let k = 0; k < N; k++) {
            const gap = k + 1 < N && SEG[k + 1] === SEG[k] ? Math.max(0, T[k + 1] - T[k]) : 0;
            P[k + 1] = P[k] + stay(k) + Math.min(gap, IDLE);
          }
          let at = 0, f = -1;
          const fs = D.fs;
          for (let k = 0; k < N; k++) {
            while (at < fs.length && fs[at] + 1 <= k) { f = fs[at + 1]; at += 2; }
            FR[k] = f;
          }
        }
        const TOTAL = P[N];
        const $ = (id) => document.getElementById(id);
        const phone = $("phone"), list = $("events"), scrub = $("scrub");
        // The rows go in blocks of BLOCK: a block all after the current row is dimmed as one,
        // so a jump changes a class on at most a block of rows (one on each of 10,000 took long).
        const BLOCK = 100, blockState = [];
        let blocks = [], mixed = -1;
        /** Dims the rows from `r` (index) on. */
        function dimFrom(r) {
          const cb = Math.floor(r / BLOCK);
          for (let b = 0; b < blocks.length; b++) {
            const want = b < cb ? 0 : b > cb ? 2 : 1;
            if (blockState[b] !== want) { blocks[b].classList.toggle("fut", want === 2); blockState[b] = want; }
          }
          if (mixed !== cb && mixed >= 0) for (let i = mixed * BLOCK; i < Math.min(rows.length, (mixed + 1) * BLOCK); i++) rows[i].classList.remove("fut");
          mixed = cb;
          for (let i = cb * BLOCK; i < Math.min(rows.length, (cb + 1) * BLOCK); i++) rows[i].classList.toggle("fut", i >= r);
        }
        let pos = 0, playing = false, speed = 1, last = null, lastStop = -1, rows = [];
        /** The stop at play position `p` and the clock there. */
        function at(p) {
          let lo = 0, hi = N - 1;
          while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (P[mid] <= p) lo = mid; else hi = mid - 1; }
          const k = lo, run = p - P[k] - stay(k);
          let t = T[k];
          if (run > 0 && k + 1 < N && SEG[k + 1] === SEG[k]) t = Math.min(T[k + 1], T[k] + run);
          return { k, t };
        }
        function build() {
          $("title").textContent = D.title;
          const resets = MK.filter((m) => m[0] === 0).length;
          $("summary").textContent = EV.length + " event" + (EV.length === 1 ? "" : "s") + (resets ? ", " + resets + " reset" + (resets === 1 ? "" : "s") : "");
          const html = [];
          for (let k = 1; k < N; k++) {
            if ((k - 1) % BLOCK === 0) html.push((k > 1 ? "</ol>" : "") + '<ol class="blk">');
            const s = ST[k];
            if (s >= 0) html.push('<li class="ev c' + EV[s][1] + '" data-k="' + k + '"><span class="t">' + EV[s][0] + ' ms</span><span class="x">' + esc(EV[s][2]) + "</span></li>");
            else { const m = MK[-1 - s]; html.push('<li class="mk ' + ["reset", "undo", "section"][m[0]] + '" data-k="' + k + '">' + esc(m[1]) + "</li>"); }
          }
          list.innerHTML = html.join("") + (N > 1 ? "</ol>" : "");
          rows = Array.prototype.slice.call(list.querySelectorAll("li"));
          blocks = Array.prototype.slice.call(list.children);
          list.addEventListener("click", (e) => { const li = e.target.closest("li"); if (li) go(+li.dataset.k); });
          const jump = $("jump"), ticks = [];
          for (let k = 1; k < N; k++) if (ST[k] < 0 && MK[-1 - ST[k]][0] !== 1) {
            const m = MK[-1 - ST[k]], o = document.createElement("option");
            o.value = k; o.textContent = m[0] === 0 ? "↺ reset" : "§ " + m[1]; jump.appendChild(o);
            ticks.push('<i class="' + (m[0] === 0 ? "reset" : "section") + '" style="left:' + (100 * P[k] / Math.max(1, TOTAL)).toFixed(3) + '%" title="' + esc(m[1]) + '"></i>');
          }
          $("ticks").innerHTML = ticks.join("");
          jump.addEventListener("change", () => { if (jump.value) go(+jump.value); jump.value = ""; });
          scrub.max = Math.max(1, Math.round(TOTAL));
          scrub.addEventListener("input", () => { pause(); seek(+scrub.value); });
          $("play").addEventListener("click", toggle);
          $("prev").addEventListener("click", () => step(-1));
          $("next").addEventListener("click", () => step(1));
          $("first").addEventListener("click", () => { pause(); seek(0); });
          $("speed").addEventListener("change", () => { speed = +$("speed").value; });
          $("large").addEventListener("click", () => { document.body.classList.toggle("large"); fit(); });
          $("help").addEventListener("click", () => { $("keys").hidden = !$("keys").hidden; });
          $("keys").addEventListener("click", () => { $("keys").hidden = true; });
          window.addEventListener("resize", fit);
          window.addEventListener("keydown", key);
          window.addEventListener("hashchange", fromHash);
        }
        function fit() {
          const large = document.body.classList.contains("large");
          const room = Math.max(200, window.innerHeight - document.querySelector("header").offsetHeight - document.querySelector("footer").offsetHeight - (large ? 150 : 110));
          const k = Math.min(large ? 1.2 : 1, room / 868, (window.innerWidth * (large ? 0.5 : 0.45)) / 414);
          phone.style.setProperty("--k", k.toFixed(4));
          $("holder").style.width = (414 * k).toFixed(1) + "px";
          $("holder").style.height = (868 * k).toFixed(1) + "px";
          $("large").classList.toggle("on", large);
        }
        /** Draws the place `p` on the play axis. */
        function show(p) {
          pos = Math.max(0, Math.min(TOTAL, p));
          const { k, t } = at(pos);
          const f = FR[k] >= 0 ? D.ft[FR[k]] : null;
          let prev = null;
          for (let j = k; j >= 0; j--) if (FR[j] !== FR[k]) { prev = FR[j] >= 0 ? D.ft[FR[j]] : null; break; }
          const toasts = [];
          for (let j = k; j > 0 && j > k - 6 && ST[j] >= 0 && T[j] === T[k] && SEG[j] === SEG[k]; j--) {
            if (D.cats[EV[ST[j]][1]] === "memory") toasts.unshift(EV[ST[j]][2]);
          }
          const key = k + ":" + t.toFixed(1) + ":" + toasts.length;
          if (key !== last) {
            last = key;
            const { html, out } = drawPhone(f, prev, t, toasts);
            phone.innerHTML = html;
            const s = ST[k], ds = phone.dataset;
            ds.stop = k; ds.event = s !== null && s >= 0 ? s : -1; ds.clock = Math.round(t); ds.segment = SEG[k];
            for (const name in out) ds[name] = out[name];
            $("now").innerHTML = "clock <b>" + Math.round(t) + " ms</b>" + (SEG[k] ? " (after reset " + SEG[k] + ")" : "") + " · event <b>" + (s !== null && s >= 0 ? s + 1 : "–") + "</b> of " + EV.length;
            $("caption").innerHTML = s === null ? "The session begins." : s >= 0 ? esc(EV[s][2]) : "<b>" + esc(MK[-1 - s][1]) + "</b>";
          }
          if (k !== lastStop) {
            dimFrom(k);
            if (lastStop > 0 && rows[lastStop - 1]) rows[lastStop - 1].classList.remove("cur");
            if (k > 0 && rows[k - 1]) { rows[k - 1].classList.add("cur"); rows[k - 1].scrollIntoView({ block: "nearest" }); }
            else list.scrollTop = 0;
            lastStop = k;
          }
          scrub.value = Math.round(pos);
        }
        function go(k) { pause(); seek(P[Math.max(0, Math.min(N - 1, k))]); }
        function seek(p) { show(p); }
        function step(d) {
          const { k } = at(pos);
          // Back from the middle of a stop's run goes to its start first.
          if (d < 0 && pos > P[k] + 1) go(k); else go(k + d);
        }
        function jumpMark(d) {
          const { k } = at(pos);
          for (let j = k + d; j > 0 && j < N; j += d) if (ST[j] < 0 && MK[-1 - ST[j]][0] !== 1) return go(j);
          go(d < 0 ? 0 : N - 1);
        }
        function section(n) {
          let found = -1, count = 0;
          for (let k = 1; k < N; k++) if (ST[k] < 0 && MK[-1 - ST[k]][0] === 2) {
            count++;
            const m = /^(\d+)/.exec(MK[-1 - ST[k]][1]);
            if ((m && +m[1] === n) || (found < 0 && count === n)) found = k;
          }
          if (found > 0) go(found);
        }
        let then = 0;
        /** The next frame: the browser's, or a timer's where it draws none (a headless browser, a hidden tab). */
        function later(fn) {
          let done = false;
          const once = () => { if (!done) { done = true; fn(performance.now()); } };
          requestAnimationFrame(once);
          setTimeout(once, 40);
        }
        function frame(now) {
          if (!playing) return;
          const dt = Math.min(100, now - then);
          then = now;
          show(pos + dt * speed);
          if (pos >= TOTAL) { pause(); return; }
          later(frame);
        }
        function play() {
          if (playing) return;
          if (pos >= TOTAL) show(0);
          playing = true; then = performance.now();
          $("playicon").setAttribute("d", "M3 2h4v12H3zM9 2h4v12H9z");
          later(frame);
        }
        function pause() { playing = false; $("playicon").setAttribute("d", "M4 2v12l10-6z"); }
        function toggle() { if (playing) pause(); else play(); }
        function faster(d) {
          const sel = $("speed"), i = Math.max(0, Math.min(sel.options.length - 1, sel.selectedIndex + d));
          sel.selectedIndex = i; speed = +sel.value;
        }
        function key(e) {
          if (e.target && (e.target.tagName === "SELECT" || e.target.tagName === "INPUT") && e.key !== " ") return;
          if (e.ctrlKey || e.metaKey || e.altKey) return;
          const k = e.key;
          if (k === " " || k === "k") toggle();
          else if (k === "ArrowRight") step(1);
          else if (k === "ArrowLeft") step(-1);
          else if (k === "Home") { pause(); seek(0); }
          else if (k === "End") { pause(); seek(TOTAL); }
          else if (k === "PageDown" || k === "n") jumpMark(1);
          else if (k === "PageUp" || k === "p") jumpMark(-1);
          else if (k === "]" || k === "+") faster(1);
          else if (k === "[" || k === "-") faster(-1);
          else if (k === "l" || k === "L") { document.body.classList.toggle("large"); fit(); }
          else if (k === "?") $("keys").hidden = !$("keys").hidden;
          else if (k === "Escape") $("keys").hidden = true;
          else if (/^[1-9]$/.test(k)) section(+k);
          else return;
          e.preventDefault();
        }
        /**
         * `#e=N`: after event N (from 0); `#s=K`: stop K; `#t=MS` (`#r=R&t=MS`): the clock at MS (after
         * reset R); `&speed=0.5`, `&play` (plays from there), `&large`.
         */
        function fromHash() {
          const q = {};
          for (const part of location.hash.replace(/^#/, "").split("&")) { const [a, b] = part.split("="); if (a) q[a] = b === undefined ? "" : b; }
          if (q.large !== undefined) document.body.classList.add("large");
          let p = null;
          if (q.e !== undefined) {
            const e = +q.e;
            for (let k = 1; k < N; k++) if (ST[k] >= 0 && ST[k] >= e) { p = P[k]; break; }
            if (p === null) p = TOTAL;
          } else if (q.s !== undefined) p = P[Math.max(0, Math.min(N - 1, +q.s))];
          else if (q.t !== undefined) {
            const seg = +(q.r || 0), ms = +q.t;
            let k0 = -1;
            for (let k = 0; k < N; k++) if (SEG[k] === seg && T[k] <= ms) k0 = k;
            // At an event's own time: during its stay (after it, the clock at it).
            if (k0 >= 0) p = P[k0] + (ms === T[k0] ? stay(k0) / 2 : stay(k0) + Math.min(IDLE - 1, ms - T[k0]));
          }
          if (p !== null) { pause(); show(p); }
          fit();
          if (q.speed !== undefined) { const sel = $("speed"); sel.value = q.speed; if (sel.value) speed = +sel.value; }
          if (q.play !== undefined) play();
          if (q.bench !== undefined) {
            // `#bench`: the time a frame takes playing at 1x (300 frames of 1/60 s from the middle),
            // and a jump to another place (100 places along the session), laid out each time.
            if (!document.body.dataset.loadMs) document.body.dataset.loadMs = Math.round(performance.now());
            let t0 = performance.now();
            for (let i = 0; i < 300; i++) { show(TOTAL / 2 + (i * 1000) / 60); list.offsetHeight; }
            document.body.dataset.frameMs = ((performance.now() - t0) / 300).toFixed(3);
            t0 = performance.now();
            for (let i = 0; i < 100; i++) { show((TOTAL * ((i * 37) % 100)) / 100); list.offsetHeight; }
            document.body.dataset.jumpMs = ((performance.now() - t0) / 100).toFixed(3);
            show(0);
          }
        }
        build();
        show(0);
        fromHash();
        document.body.dataset.ready = "1";
        if (!document.body.dataset.loadMs) document.body.dataset.loadMs = Math.round(performance.now());

        """#
}
