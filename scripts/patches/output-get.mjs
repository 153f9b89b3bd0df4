// One patch to Ink 6.8's Output.get (build/output.js), as a find and replace of the whole method
// (see ../ink-patches.mjs). Ink builds every frame as a grid of styled cells, one object a cell:
// each line is split into graphemes by the tokeniser (Intl.Segmenter, about 2.5 us a grapheme),
// written cell by cell, and the cells are joined back into strings. For a row written by one
// line at column 0, which is every row of the explorer's table, that work gives back the line
// itself (unstyled) or the tokeniser's string of it (styled, cached per line): this version
// builds a row's cells only when a second write lands on the row, in the same order, so the
// frame is the same string. An Ink upgrade that changes the method fails the build here.
// It changes no output and needs nothing from the app: a candidate for upstream as it is.
// (String.raw keeps the code's backslashes; a backtick in it is written ${'`'}.)

export const OUTPUT_GET_ORIGINAL = String.raw`    get() {
        // Initialize output array with a specific set of rows, so that margin/padding at the bottom is preserved
        const output = [];
        for (let y = 0; y < this.height; y++) {
            const row = [];
            for (let x = 0; x < this.width; x++) {
                row.push({
                    type: 'char',
                    value: ' ',
                    fullWidth: false,
                    styles: [],
                });
            }
            output.push(row);
        }
        const clips = [];
        for (const operation of this.operations) {
            if (operation.type === 'clip') {
                clips.push(operation.clip);
            }
            if (operation.type === 'unclip') {
                clips.pop();
            }
            if (operation.type === 'write') {
                const { text, transformers } = operation;
                let { x, y } = operation;
                let lines = text.split('\n');
                const clip = clips.at(-1);
                if (clip) {
                    const clipHorizontally = typeof clip?.x1 === 'number' && typeof clip?.x2 === 'number';
                    const clipVertically = typeof clip?.y1 === 'number' && typeof clip?.y2 === 'number';
                    // If text is positioned outside of clipping area altogether,
                    // skip to the next operation to avoid unnecessary calculations
                    if (clipHorizontally) {
                        const width = this.caches.getWidestLine(text);
                        if (x + width < clip.x1 || x > clip.x2) {
                            continue;
                        }
                    }
                    if (clipVertically) {
                        const height = lines.length;
                        if (y + height < clip.y1 || y > clip.y2) {
                            continue;
                        }
                    }
                    if (clipHorizontally) {
                        lines = lines.map(line => {
                            const from = x < clip.x1 ? clip.x1 - x : 0;
                            const width = this.caches.getStringWidth(line);
                            const to = x + width > clip.x2 ? clip.x2 - x : width;
                            return sliceAnsi(line, from, to);
                        });
                        if (x < clip.x1) {
                            x = clip.x1;
                        }
                    }
                    if (clipVertically) {
                        const from = y < clip.y1 ? clip.y1 - y : 0;
                        const height = lines.length;
                        const to = y + height > clip.y2 ? clip.y2 - y : height;
                        lines = lines.slice(from, to);
                        if (y < clip.y1) {
                            y = clip.y1;
                        }
                    }
                }
                let offsetY = 0;
                for (let [index, line] of lines.entries()) {
                    const currentLine = output[y + offsetY];
                    // Line can be missing if ${'`'}text${'`'} is taller than height of pre-initialized ${'`'}this.output${'`'}
                    if (!currentLine) {
                        continue;
                    }
                    for (const transformer of transformers) {
                        line = transformer(line, index);
                    }
                    const characters = this.caches.getStyledChars(line);
                    let offsetX = x;
                    for (const character of characters) {
                        currentLine[offsetX] = character;
                        // Determine printed width using string-width to align with measurement
                        const characterWidth = Math.max(1, this.caches.getStringWidth(character.value));
                        // For multi-column characters, clear following cells to avoid stray spaces/artifacts
                        if (characterWidth > 1) {
                            for (let index = 1; index < characterWidth; index++) {
                                currentLine[offsetX + index] = {
                                    type: 'char',
                                    value: '',
                                    fullWidth: false,
                                    styles: character.styles,
                                };
                            }
                        }
                        offsetX += characterWidth;
                    }
                    offsetY++;
                }
            }
        }
        const generatedOutput = output
            .map(line => {
            // See https://github.com/vadimdemedes/ink/pull/564#issuecomment-1637022742
            const lineWithoutEmptyItems = line.filter(item => item !== undefined);
            return styledCharsToString(lineWithoutEmptyItems).trimEnd();
        })
            .join('\n');
        return {
            output: generatedOutput,
            height: output.length,
        };
    }`;

export const OUTPUT_GET_PATCHED = String.raw`    get() {
        const height = this.height;
        const output = new Array(height).fill(undefined);
        // Per row: undefined (nothing written yet), the one line written at column 0 and not in
        // cells, or null (the cells hold what was written).
        const single = new Array(height).fill(undefined);
        const cellsOf = (row) => {
            let cells = output[row];
            if (cells === undefined) {
                cells = [];
                for (let x = 0; x < this.width; x++) {
                    cells.push({
                        type: 'char',
                        value: ' ',
                        fullWidth: false,
                        styles: [],
                    });
                }
                output[row] = cells;
            }
            return cells;
        };
        const put = (currentLine, x, line) => {
            const characters = this.caches.getStyledChars(line);
            let offsetX = x;
            for (const character of characters) {
                currentLine[offsetX] = character;
                // Determine printed width using string-width to align with measurement
                const characterWidth = Math.max(1, this.caches.getStringWidth(character.value));
                // For multi-column characters, clear following cells to avoid stray spaces/artifacts
                if (characterWidth > 1) {
                    for (let index = 1; index < characterWidth; index++) {
                        currentLine[offsetX + index] = {
                            type: 'char',
                            value: '',
                            fullWidth: false,
                            styles: character.styles,
                        };
                    }
                }
                offsetX += characterWidth;
            }
        };
        const clips = [];
        for (const operation of this.operations) {
            if (operation.type === 'clip') {
                clips.push(operation.clip);
            }
            if (operation.type === 'unclip') {
                clips.pop();
            }
            if (operation.type === 'write') {
                const { text, transformers } = operation;
                let { x, y } = operation;
                let lines = text.split('\n');
                const clip = clips.at(-1);
                if (clip) {
                    const clipHorizontally = typeof clip?.x1 === 'number' && typeof clip?.x2 === 'number';
                    const clipVertically = typeof clip?.y1 === 'number' && typeof clip?.y2 === 'number';
                    // If text is positioned outside of clipping area altogether,
                    // skip to the next operation to avoid unnecessary calculations
                    if (clipHorizontally) {
                        const width = this.caches.getWidestLine(text);
                        if (x + width < clip.x1 || x > clip.x2) {
                            continue;
                        }
                    }
                    if (clipVertically) {
                        const height = lines.length;
                        if (y + height < clip.y1 || y > clip.y2) {
                            continue;
                        }
                    }
                    if (clipHorizontally) {
                        lines = lines.map(line => {
                            const from = x < clip.x1 ? clip.x1 - x : 0;
                            const width = this.caches.getStringWidth(line);
                            const to = x + width > clip.x2 ? clip.x2 - x : width;
                            return sliceAnsi(line, from, to);
                        });
                        if (x < clip.x1) {
                            x = clip.x1;
                        }
                    }
                    if (clipVertically) {
                        const from = y < clip.y1 ? clip.y1 - y : 0;
                        const height = lines.length;
                        const to = y + height > clip.y2 ? clip.y2 - y : height;
                        lines = lines.slice(from, to);
                        if (y < clip.y1) {
                            y = clip.y1;
                        }
                    }
                }
                let offsetY = 0;
                for (let [index, line] of lines.entries()) {
                    const row = y + offsetY;
                    // Line can be missing if ${'`'}text${'`'} is taller than height of pre-initialized ${'`'}this.output${'`'}
                    if (!(Number.isInteger(row) && row >= 0 && row < height)) {
                        continue;
                    }
                    for (const transformer of transformers) {
                        line = transformer(line, index);
                    }
                    if (single[row] === undefined && x === 0) {
                        single[row] = line;
                        offsetY++;
                        continue;
                    }
                    const currentLine = cellsOf(row);
                    if (typeof single[row] === 'string') {
                        put(currentLine, 0, single[row]);
                    }
                    single[row] = null;
                    put(currentLine, x, line);
                    offsetY++;
                }
            }
        }
        const generatedOutput = output
            .map((line, row) => {
            const only = single[row];
            if (typeof only === 'string') {
                // Unstyled: the cells would give back the line. Styled: the tokeniser's string of it.
                return only.includes('\u001B') || only.includes('\u009B') ? __oieRowString(this.caches, only) : only.trimEnd();
            }
            if (line === undefined) {
                return '';
            }
            // See https://github.com/vadimdemedes/ink/pull/564#issuecomment-1637022742
            const lineWithoutEmptyItems = line.filter(item => item !== undefined);
            return styledCharsToString(lineWithoutEmptyItems).trimEnd();
        })
            .join('\n');
        return {
            output: generatedOutput,
            height: output.length,
        };
    }`;
