// Patches to Ink 6.8 for the terminal's events (see ../ink-patches.mjs): a key it has no name for,
// and a resize. They change behaviour on purpose (changesOutput).
//
// 1. parse-keypress: a modified function key Ink has no name for (xterm's Ctrl+F1..F4,
//    `ESC [1;5P`..`S`, or `ESC [1;5X`) got `name: undefined` with ctrl set, and use-input then
//    called `undefined.startsWith`: the process died. Upstream Ink 6.8 has no fix (checked 6.8.0).
// 2. ink.js `resized`: Ink cleared and redrew the whole frame only when the terminal got
//    narrower; with incremental rendering a width change alone left lines that tmux cut or
//    reflowed where Ink no longer knew them (a row drawn twice, the footer doubled). Every
//    'resize' now clears the screen and the next frame is drawn whole (the clear goes out with
//    that frame, in its synchronized update: no blank flash), then incremental drawing goes on.
//    The app emits 'resize' on stdout to repaint on demand (Ctrl-L, back from Ctrl-Z).
//    Upstream Ink 6.8 clears on narrowing only.
// 3. ink.js onRender: a frame as tall as the terminal made Ink clear the whole screen and write
//    the frame again on every render after it (a key press redrew 24 lines), so the app kept its
//    root one line short and the terminal's last line was always empty. Ink already writes such a
//    frame without the newline that would scroll it (isFullscreen); only a frame TALLER than the
//    terminal (which scrolls) still takes the clear-and-redraw path. Upstream Ink 6.8 has no fix.

/** @type {{ file: string, why: string, upstream: string, find: string, replace: string, changesOutput: boolean }[]} */
export const TERMINAL_EVENT_PATCHES = [
  {
    file: 'ink/build/parse-keypress.js',
    changesOutput: true,
    why: 'a function key without a name is a key without a name, not a crash',
    upstream: 'not in ink 6.8.0: a bug fix to send upstream',
    find: '        key.name = keyName[code];',
    replace: "        key.name = keyName[code] ?? '';",
  },
  {
    file: 'ink/build/ink.js',
    changesOutput: true,
    why: 'any resize (width alone included) clears and draws the whole frame once',
    upstream: 'ink 6.8.0 clears on narrowing only: ours, tied to the app re-rendering on every resize',
    find: `        if (currentWidth < this.lastTerminalWidth) {
            // We clear the screen when decreasing terminal width to prevent duplicate overlapping re-renders.
            this.log.clear();
            this.lastOutput = '';
            this.lastOutputToRender = '';
        }
        this.calculateLayout();
        this.onRender();`,
    replace: `        const sizeChanged = currentWidth !== this.lastTerminalWidth || this.options.stdout.rows !== this.__oieRows;
        this.__oieRows = this.options.stdout.rows;
        if (!this.isUnmounted) {
            // Clear the whole screen, not the lines Ink thinks it drew: after a resize or stray
            // output they are not where Ink left them. The clear goes out with the next frame
            // (below), so the screen is never left blank; the log starts from an empty screen.
            this.__oieClearNext = true;
            this.log.sync('');
            this.lastOutput = '';
            this.lastOutputToRender = '';
        }
        this.calculateLayout();
        // A new size: the app re-renders for it (its own 'resize' listener, useTerminalSize) and
        // that frame is drawn whole. Drawn now, the old tree could hold lines of the old width,
        // which the terminal wraps and scrolls. The same size (a repaint asked for): draw now.
        if (!sizeChanged) {
            this.onRender();
        }`,
  },
  {
    file: 'ink/build/ink.js',
    changesOutput: true,
    why: 'a frame as tall as the terminal is drawn like any other (incrementally), not cleared and redrawn on every render',
    upstream: 'not in ink 6.8.0: a bug fix to send upstream',
    find: '        if (this.lastOutputHeight >= this.options.stdout.rows) {',
    replace: '        if (this.lastOutputHeight > this.options.stdout.rows) {',
  },
  {
    file: 'ink/build/ink.js',
    changesOutput: true,
    why: 'the clear a resize asked for goes out with the frame, in the same synchronized update',
    upstream: 'ours: the second half of the resize patch',
    find: '                this.log(output);\n',
    replace: `                if (this.__oieClearNext) {
                    // Whatever was drawn since the resize (Ink's own clear-and-draw of a frame
                    // taller than the terminal, say) is cleared too: the log starts again.
                    this.__oieClearNext = false;
                    this.options.stdout.write('\\u001B[2J\\u001B[H');
                    this.log.sync('');
                }
                this.log(output);
`,
  },
];
