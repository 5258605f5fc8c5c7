/* Play on the page: the book's Nonogram, colour Nonogram and Futoshiki players, and the line
   editor.

   One small script without dependencies. Every player's output carries it
   (helper/play/widget.py), so it works on the book's site and in a notebook alike; it is not in
   the site's _static/ folder, which Jupyter Book loads on every page. The first copy on a page
   defines window.LogicPuzzlePlay; every copy mounts the players it finds (each once).

   A player's data (clues, solution, the steps of the explanation) is JSON inside its element,
   computed by helper when the book is built (helper/play/export.py): nothing here solves a
   puzzle. The one exception is the line editor's line solver, a port of
   helper.nonogram.line.reference.solve_line; tests/browser/test_play.py checks that the two
   agree on every line of the book's puzzles.

   Rows, columns and cells are counted from 0 in everything a reader sees or hears, as in
   helper (grid[r][c]), the explanations' reasons and the book's prose: "row 2, column 1", or
   "(2, 1)" for (row, column). The boards show these numbers at their edges. */
(function () {
  "use strict";

  const script = document.currentScript;
  const scope = script && script.parentNode ? script.parentNode : document;
  if (window.LogicPuzzlePlay) {
    window.LogicPuzzlePlay.mountAll(scope);
    setTimeout(() => window.LogicPuzzlePlay.mountAll(document), 0);
    return;
  }

  /* ---------------------------------------------------------------- the line solver --- */

  /* The cells of one line after applying its clue, or null when no placement fits: every
     unknown cell (-1) on which all placements consistent with `cells` agree is set to 0
     (empty) or 1 (filled). The same dynamic programme as solve_line in
     helper/nonogram/line/reference.py, line for line. */
  function solveLine(clue, cells) {
    const n = cells.length;
    const k = clue.length;
    const whites = [0];
    const blacks = [0];
    for (const cell of cells) {
      whites.push(whites[whites.length - 1] + (cell === 0 ? 1 : 0));
      blacks.push(blacks[blacks.length - 1] + (cell === 1 ? 1 : 0));
    }
    const noWhite = (a, b) => whites[b] === whites[a];
    const noBlack = (a, b) => blacks[b] === blacks[a];
    const row = (fill) => new Array(n + 1).fill(fill);
    // fwd[j][i]: cells[0:i] can hold exactly blocks 0..j-1; bwd[j][i]: cells[i:n] blocks j..k-1.
    const fwd = [Array.from({ length: n + 1 }, (_, i) => noBlack(0, i))];
    const bwd = [];
    for (let j = 0; j < k; j++) {
      fwd.push(row(false));
      bwd.push(row(false));
    }
    bwd.push(Array.from({ length: n + 1 }, (_, i) => noBlack(i, n)));
    const open = cells.map((cell) => cell !== 1);
    for (let j = 1; j <= k; j++) {
      const length = clue[j - 1];
      const here = fwd[j];
      const prev = fwd[j - 1];
      for (let i = Math.max(length, 1); i <= n; i++) {
        const s = i - length;
        here[i] =
          (open[i - 1] && here[i - 1]) ||
          (whites[i] === whites[s] && (s === 0 ? j === 1 : open[s - 1] && prev[s - 1]));
      }
    }
    for (let j = k - 1; j >= 0; j--) {
      const length = clue[j];
      const here = bwd[j];
      const next = bwd[j + 1];
      for (let i = n - 1; i >= 0; i--) {
        const e = i + length;
        here[i] =
          (open[i] && here[i + 1]) ||
          (e <= n && whites[e] === whites[i] && (e === n ? j === k - 1 : open[e] && next[e + 1]));
      }
    }
    const fitsLeft = (j, s) => (s === 0 ? j === 0 : cells[s - 1] !== 1 && fwd[j][s - 1]);
    const fitsRight = (j, e) => (e === n ? j === k - 1 : cells[e] !== 1 && bwd[j + 1][e + 1]);
    const canWhite = [];
    for (let x = 0; x < n; x++) {
      let some = false;
      for (let j = 0; j <= k && !some; j++) some = fwd[j][x] && bwd[j][x + 1];
      canWhite.push(cells[x] !== 1 && some);
    }
    const cover = new Array(n + 1).fill(0);
    for (let j = 0; j < k; j++) {
      const length = clue[j];
      for (let s = 0; s + length <= n; s++) {
        const e = s + length;
        if (noWhite(s, e) && fitsLeft(j, s) && fitsRight(j, e)) {
          cover[s] += 1;
          cover[e] -= 1;
        }
      }
    }
    const result = cells.slice();
    let covered = 0;
    for (let x = 0; x < n; x++) {
      covered += cover[x];
      const black = covered > 0;
      const white = canWhite[x];
      if (!black && !white) return null;
      if (black && !white) result[x] = 1;
      else if (white && !black) result[x] = 0;
    }
    return result;
  }

  /* ------------------------------------------------------------------------ helpers --- */

  let uid = 0;
  const newId = (prefix) => `lp-${prefix}-${++uid}`;

  /* What the page says of a step's certificate (built with the page: explain(certify=True)). */
  function proofNote(step) {
    if (step.proved === true) return " (Proved: a checked proof says its premises force it.)";
    if (step.proved === false) return " (Not proved.)";
    return "";
  }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") node.className = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : String(value));
    }
    for (const child of children.flat()) {
      if (child !== null && child !== undefined) {
        node.append(child instanceof Node ? child : document.createTextNode(String(child)));
      }
    }
    return node;
  }

  function listText(items) {
    if (items.length <= 1) return items.join("");
    return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
  }

  const plural = (count, word, many) => `${count} ${count === 1 ? word : many || word + "s"}`;
  const cellName = (r, c) => `row ${r}, column ${c}`;
  const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

  function runsOf(values) {
    const runs = [];
    let run = 0;
    for (const filled of values) {
      if (filled) run += 1;
      else if (run) {
        runs.push(run);
        run = 0;
      }
    }
    if (run) runs.push(run);
    return runs;
  }

  const sameList = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

  function button(text, onclick, extra) {
    return el("button", Object.assign({ type: "button", class: "lp-button", onclick }, extra), text);
  }

  // A row of buttons of which one is chosen (the tools, the colours): its label, and the
  // one place that says which button is pressed.
  function choiceGroup(extraClass, ariaLabel, label, buttons) {
    return el(
      "div",
      { class: `lp-buttons lp-tools${extraClass}`, role: "group", "aria-label": ariaLabel },
      el("span", { class: "lp-label" }, label),
      buttons,
    );
  }

  function pressOnly(buttons, chosen) {
    buttons.forEach((b, i) => b.setAttribute("aria-pressed", String(i === chosen)));
  }

  const clueText = (clue) => clue.join(" ") || "0";
  const pairText = (i, n) => `(${Math.floor(i / n)}, ${i % n})`;

  /* No cell is smaller than this (CSS pixels): a finger's width, and clue digits of 13 px. A
     board that does not fit the width with such cells (the 20 x 20 on a phone) scrolls
     sideways in its frame (.lp-board-wrap), its row clues staying at the frame's left edge. */
  const MIN_CELL = 24;

  /* Fit a player's cells to the width it is given (a phone's too), whenever that changes. */
  function watchWidth(root, fit) {
    const apply = () => {
      const width = root.clientWidth;
      if (width > 0) fit(width);
    };
    if (typeof ResizeObserver === "function") new ResizeObserver(apply).observe(root);
    else window.addEventListener("resize", apply);
    apply();
  }

  /* Focus a cell, and scroll the least that shows it whole: in a board that scrolls sideways,
     clear of the row clues that stay in place (the frame's scroll padding, play.css). The
     browser's own scrolling on focus leaves a cell half under them. */
  function reveal(cell) {
    cell.focus({ preventScroll: true });
    if (cell.scrollIntoView) cell.scrollIntoView({ block: "nearest", inline: "nearest" });
  }

  /* -------------------------------------------------------------------- the players --- */

  /* What the Nonogram and the Futoshiki player share: the reader's board with undo, Check,
     Hint and Reset, the explanation with Previous and Next, the reason line and the live
     region. A subclass draws the board and says what a cell's value means. */
  class Player {
    constructor(root, data) {
      this.root = root;
      this.data = data;
      this.steps = data.steps;
      this.undoStack = [];
      this.mode = "play";
      this.position = 0; // in the explanation: how many steps are shown
      this.marks = { wrong: new Set(), decided: new Set(), lines: [] };
      this.cursor = 0;
      this.lastMessage = "";
    }

    mount() {
      const root = this.root;
      root.classList.add(`lp-${this.data.puzzle}`);
      for (const old of root.querySelectorAll(".lp-fallback")) old.remove();
      const title = el("p", { class: "lp-title", id: newId("title") }, this.data.title);
      // what proves the puzzle unique, when the page was built with its certificate
      const proof = this.data.proof
        ? el("p", {
            class: this.data.proof.proved ? "lp-proof lp-proved" : "lp-proof",
            id: newId("proof"),
          }, this.data.proof.text)
        : null;
      this.board = this.buildBoard();
      // said once, as the book says it: the numbers at the board's edges, and (row, column)
      const note = el("p", { class: "lp-label lp-coords", id: newId("coords") },
        "Rows and columns are numbered from 0, as at the board's edges; (2, 1) is row 2, column 1.");
      const described = [title.id, ...(proof ? [proof.id] : []), note.id];
      this.board.setAttribute("aria-describedby", described.join(" "));
      this.wrap = el("div", { class: "lp-board-wrap" }, this.board);
      this.scrollNote = el("p", {
        class: "lp-label lp-scroll-note",
        hidden: true,
        "aria-hidden": "true", // the grid reads by rows and columns, with no swiping
      }, this.scrollNoteText());
      this.buttons = {
        check: button("Check", () => this.check(), { "aria-keyshortcuts": "C" }),
        hint: button("Hint", () => this.hint(), { "aria-keyshortcuts": "H" }),
        undo: button("Undo", () => this.undo(), { "aria-keyshortcuts": "U Control+Z" }),
        reset: button("Reset", () => this.reset()),
        previous: button("Previous", () => this.go(this.position - 1), {
          "aria-keyshortcuts": "P",
        }),
        next: button("Next", () => this.go(this.position + 1), { "aria-keyshortcuts": "N" }),
        back: button("Back to my board", () => this.leaveSteps()),
      };
      this.positionText = el("span", { class: "lp-position" });
      this.reason = el("p", { class: "lp-reason" });
      this.status = el("p", {
        class: "lp-status lp-sr",
        role: "status",
        "aria-live": "polite",
        "aria-atomic": "true",
      });
      const b = this.buttons;
      root.append(
        title,
        ...(proof ? [proof] : []),
        this.buildTools(),
        note,
        this.scrollNote,
        this.wrap,
        el("div", { class: "lp-buttons", role: "group", "aria-label": "Play" },
          b.check, b.hint, b.undo, b.reset),
        el("div", { class: "lp-buttons lp-stepbar", role: "group", "aria-label": "Explanation" },
          b.previous, b.next, this.positionText, b.back),
        this.reason,
        this.status,
        el("details", { class: "lp-help" }, el("summary", {}, "How to play"), this.helpText()),
      );
      this.board.addEventListener("keydown", (event) => this.onKey(event));
      this.board.addEventListener("focusin", (event) => {
        const index = this.indexOf(event.target);
        if (index >= 0) this.moveCursor(index, false);
      });
      watchWidth(root, (width) => {
        this.fit(width);
        this.scrollNote.hidden = this.wrap.scrollWidth <= this.wrap.clientWidth + 1;
      });
      root.dataset.lpMounted = "true";
      this.mounting = true;
      if (this.data.start === "steps") this.go(0);
      else this.render();
      this.updateButtons();
      this.mounting = false;
    }

    indexOf(node) {
      const cell = node && node.closest ? node.closest("[data-index]") : null;
      return cell && this.board.contains(cell) ? Number(cell.dataset.index) : -1;
    }

    /* Shown above a board wider than its frame (a subclass says more). */
    scrollNoteText() {
      return "Swipe the board sideways to see every column.";
    }

    announce(message) {
      // The same words twice in a row are announced again: the text must change.
      const text = message === this.lastMessage ? `${message}\u00a0` : message;
      this.lastMessage = message;
      this.status.textContent = text;
    }

    /* Shown in the reason line and announced (`spoken` when the words differ). */
    say(heading, text, spoken) {
      this.reason.replaceChildren();
      if (heading) this.reason.append(el("strong", {}, heading), " ");
      if (text) this.reason.append(text);
      this.root.classList.toggle("lp-problem", false);
      if (!this.mounting) this.announce(spoken || [heading, text].filter(Boolean).join(" "));
    }

    /* The reader's board. */

    snapshot() {
      this.undoStack.push(this.saveState());
      if (this.undoStack.length > 1000) this.undoStack.shift();
    }

    /* What Undo restores (a subclass adds what else the reader writes, such as notes). */
    saveState() {
      return { grid: this.grid.slice() };
    }

    restoreState(state) {
      this.grid = state.grid.slice();
    }

    /* How many cells differ between the board and a saved state. */
    changedCells(state) {
      return this.grid.filter((value, i) => value !== state.grid[i]).length;
    }

    atStart() {
      return this.grid.every((value, i) => value === this.startValue(i));
    }

    clearBoard() {
      this.grid = this.grid.map((_, i) => this.startValue(i));
    }

    clearMarks() {
      this.marks = { wrong: new Set(), decided: new Set(), lines: [] };
    }

    /* Set one cell of the reader's board (undo is the caller's business). */
    setCell(index, value) {
      if (this.grid[index] === value || this.isFixed(index)) return false;
      this.grid[index] = value;
      this.marks.wrong.delete(index);
      this.marks.decided.delete(index);
      this.renderCell(index);
      return true;
    }

    /* One edit by the reader: a snapshot, the change, the outcome announced. */
    edit(index, value) {
      if (this.mode !== "play") {
        this.say("", "This is the explanation: press Back to my board to play.");
        return;
      }
      if (this.isFixed(index)) {
        this.say("", `${capital(this.cellText(index))}: a given, it cannot change.`);
        return;
      }
      if (this.grid[index] === value) return;
      this.snapshot();
      this.setCell(index, value);
      this.afterEdit(capital(this.cellText(index)) + ".");
    }

    afterEdit(message) {
      this.renderMarks();
      this.updateButtons();
      if (this.isSolved()) this.say("Solved!", this.solvedText(), `${message} Solved! ${this.solvedText()}`);
      else this.announce(message);
    }

    wrongCells() {
      const wrong = [];
      for (let i = 0; i < this.grid.length; i++) if (this.isWrong(i)) wrong.push(i);
      return wrong;
    }

    positions(indexes) {
      return indexes.map((i) => [Math.floor(i / this.width), i % this.width]);
    }

    /* The first wrong cells, each with the clue or rule it breaks (wrongReason). */
    describeWrong(indexes) {
      const shown = indexes.slice(0, 3).map((i) => {
        const [r, c] = this.positions([i])[0];
        return `${cellName(r, c)} (${this.wrongReason(i)})`;
      });
      if (indexes.length > 3) shown.push(plural(indexes.length - 3, "more cell"));
      return shown.join("; ");
    }

    check() {
      if (this.mode !== "play") this.leaveSteps(true);
      const wrong = this.wrongCells();
      this.clearMarks();
      this.marks.wrong = new Set(wrong);
      this.render();
      if (wrong.length) {
        const text = `${plural(wrong.length, "cell is", "cells are")} wrong, marked in red`;
        this.say("Check:", `${text}: ${this.describeWrong(wrong)}.`);
      } else if (this.isSolved()) {
        this.say("Check:", `no mistakes. Solved! ${this.solvedText()}`);
      } else {
        const done = this.decidedCount();
        this.say("Check:", `no mistakes so far; ${done} of ${this.grid.length} cells decided.`);
      }
    }

    hint() {
      if (this.mode !== "play") this.leaveSteps(true);
      if (this.isSolved()) {
        this.say("Hint:", `nothing left to do. Solved! ${this.solvedText()}`);
        return;
      }
      const wrong = this.wrongCells();
      if (wrong.length) {
        this.clearMarks();
        this.marks.wrong = new Set(wrong);
        this.render();
        const text = `first fix ${plural(wrong.length, "wrong cell")} (marked in red), as the explanation rests on correct cells`;
        this.say("Hint:", `${text}: ${this.describeWrong(wrong)}.`);
        return;
      }
      const number = this.steps.findIndex((step) =>
        step.cells.some(([r, c, v]) => this.grid[r * this.width + c] !== this.fromStep(v)),
      );
      if (number < 0) {
        this.say("Hint:", this.noStepLeftText());
        return;
      }
      const step = this.steps[number];
      this.snapshot();
      this.clearMarks();
      for (const [r, c, v] of step.cells) {
        const index = r * this.width + c;
        this.grid[index] = this.fromStep(v);
        this.marks.decided.add(index);
      }
      this.marks.lines = step.lines;
      this.render();
      this.updateButtons();
      const heading = `Hint, step ${number + 1} of ${this.steps.length} (${step.kind}):`;
      const solved = this.isSolved() ? ` Solved! ${this.solvedText()}` : "";
      this.say(heading, step.reason + proofNote(step) + solved);
    }

    undo() {
      if (this.mode !== "play") this.leaveSteps(true);
      const previous = this.undoStack.pop();
      if (!previous) {
        this.say("Undo:", "nothing to undo.");
        return;
      }
      const changed = this.changedCells(previous);
      this.restoreState(previous);
      this.clearMarks();
      this.render();
      this.updateButtons();
      const solved = this.isSolved() ? ` Solved! ${this.solvedText()}` : "";
      this.say("Undo:", `${plural(changed, "cell")} changed back.${solved}`);
    }

    reset() {
      if (this.mode !== "play") this.leaveSteps(true);
      if (this.atStart()) {
        this.say("Reset:", "the board is as the puzzle starts already.");
        return;
      }
      this.snapshot();
      this.clearBoard();
      this.clearMarks();
      this.render();
      this.updateButtons();
      this.say("Reset:", "the board is as the puzzle starts. Undo brings your cells back.");
    }

    solvedText() {
      return "Solved! Every rule holds.";
    }

    /* What Hint says when every step is on the board and the puzzle is not solved. */
    noStepLeftText() {
      return "every step of the explanation is on the board already.";
    }

    /* What the explanation's last step adds (a colour explanation may stop short). */
    endText() {
      return "the puzzle is solved.";
    }

    /* The explanation, step by step. */

    go(position) {
      const last = this.steps.length;
      const target = Math.max(0, Math.min(last, position));
      if (this.mode !== "steps") {
        this.mode = "steps";
        this.root.dataset.lpMode = "steps";
        this.board.setAttribute("aria-readonly", "true");
      }
      this.position = target;
      this.view = this.grid.map((_, i) => this.startValue(i));
      for (const step of this.steps.slice(0, target)) {
        for (const [r, c, v] of step.cells) this.view[r * this.width + c] = this.fromStep(v);
      }
      this.clearMarks();
      if (target > 0) {
        const step = this.steps[target - 1];
        for (const [r, c] of step.cells) this.marks.decided.add(r * this.width + c);
        this.marks.lines = step.lines;
        const heading = `Step ${target} of ${last} (${step.kind}):`;
        const end = target === last ? ` The explanation ends here: ${this.endText()}` : "";
        this.say(heading, step.reason + proofNote(step) + end);
      } else {
        this.say("Explanation:", `${plural(last, "step")} from the empty grid. Press Next for the first.`);
      }
      this.render();
      this.updateButtons();
    }

    leaveSteps(quiet) {
      if (this.mode !== "steps") return;
      this.mode = "play";
      delete this.root.dataset.lpMode;
      this.board.removeAttribute("aria-readonly");
      this.clearMarks();
      this.render();
      this.updateButtons();
      if (quiet) this.say("", "");
      else this.say("", "Back to your board.");
    }

    updateButtons() {
      const b = this.buttons;
      const steps = this.mode === "steps";
      b.previous.disabled = !steps || this.position === 0;
      b.next.disabled = steps && this.position === this.steps.length;
      b.back.hidden = !steps;
      b.undo.disabled = !steps && this.undoStack.length === 0;
      this.positionText.textContent = steps
        ? `Step ${this.position} of ${this.steps.length}`
        : `Explanation: ${plural(this.steps.length, "step")}`;
      const solved = !steps && this.isSolved();
      this.root.classList.toggle("lp-solved", solved);
      if (solved) this.root.dataset.lpSolved = "true";
      else delete this.root.dataset.lpSolved;
    }

    shown() {
      return this.mode === "steps" ? this.view : this.grid;
    }

    /* Keys shared by both boards; returns true when it handled the key. */
    commonKey(event) {
      const { key } = event;
      const r = Math.floor(this.cursor / this.width);
      const c = this.cursor % this.width;
      const last = this.height - 1;
      const moves = {
        ArrowUp: [r - 1, c],
        ArrowDown: [r + 1, c],
        ArrowLeft: [r, c - 1],
        ArrowRight: [r, c + 1],
        PageUp: [r - 5, c],
        PageDown: [r + 5, c],
        Home: event.ctrlKey ? [0, 0] : [r, 0],
        End: event.ctrlKey ? [last, this.width - 1] : [r, this.width - 1],
      };
      if (key in moves) {
        const [nr, nc] = moves[key];
        const target =
          Math.max(0, Math.min(last, nr)) * this.width + Math.max(0, Math.min(this.width - 1, nc));
        if (event.shiftKey && this.mode === "play" && key.startsWith("Arrow")) {
          this.carry(this.cursor, target);
        }
        this.moveCursor(target, true);
        return true;
      }
      if (event.ctrlKey || event.metaKey || event.altKey) {
        if ((event.ctrlKey || event.metaKey) && (key === "z" || key === "Z")) {
          this.undo();
          return true;
        }
        return false;
      }
      const letter = key.toLowerCase();
      if (this.mode === "steps") {
        if (letter === "n") this.go(this.position + 1);
        else if (letter === "p") this.go(this.position - 1);
        else if (key === "Escape") this.leaveSteps();
        else return false;
        return true;
      }
      if (letter === "u") this.undo();
      else if (letter === "h") this.hint();
      else if (letter === "c") this.check();
      else return false;
      return true;
    }

    /* Shift+arrow: the cell the cursor leaves lends its value to the one it enters. */
    carry(from, to) {
      if (from === to || this.isFixed(to) || this.grid[to] === this.grid[from]) return;
      this.edit(to, this.grid[from]);
    }

    moveCursor(index, focus) {
      if (index !== this.cursor) {
        this.cells[this.cursor].tabIndex = -1;
        this.cells[this.cursor].classList.remove("lp-cursor");
        this.cursor = index;
      }
      const cell = this.cells[index];
      cell.tabIndex = 0;
      cell.classList.add("lp-cursor");
      if (focus) reveal(cell);
    }

    render() {
      for (let i = 0; i < this.cells.length; i++) this.renderCell(i);
      this.renderMarks();
      this.root.classList.toggle("lp-view", this.mode === "steps");
    }
  }

  /* The Nonogram: 1 filled, 2 crossed (known empty), 0 unknown. */
  const UNKNOWN = 0;
  const FILL = 1;
  const CROSS = 2;
  const STATE_WORDS = ["empty", "filled", "crossed"];
  const STATE_NAMES = ["unknown", "filled", "crossed"];

  class NonogramPlayer extends Player {
    constructor(root, data) {
      super(root, data);
      this.height = data.rows.length;
      this.width = data.cols.length;
      this.solution = data.solution.flat();
      this.grid = new Array(this.height * this.width).fill(UNKNOWN);
      this.tool = FILL;
      this.drag = null;
      this.pointerHandled = false;
    }

    isFixed() {
      return false;
    }

    startValue() {
      return UNKNOWN;
    }

    fromStep(value) {
      return value === 1 ? FILL : CROSS;
    }

    isWrong(i) {
      const value = this.grid[i];
      return (value === FILL && this.solution[i] === 0) || (value === CROSS && this.solution[i] === 1);
    }

    decidedCount() {
      return this.grid.filter((value) => value !== UNKNOWN).length;
    }

    /* Why the reader's value at a wrong cell breaks a clue: its row's or column's clue cannot
       hold with it (the line solver on that line with this cell alone known, then with the
       cells the reader has right in the line as well); else no single clue rules it out yet. */
    wrongReason(i) {
      const r = Math.floor(i / this.width);
      const c = i % this.width;
      const mine = this.grid[i] === FILL ? 1 : 0;
      const lines = [["row", r, c, this.data.rows[r]], ["column", c, r, this.data.cols[c]]];
      const index = (axis, line, x) => (axis === "row" ? line * this.width + x : x * this.width + line);
      for (const withRight of [false, true]) {
        for (const [axis, line, at, clue] of lines) {
          const cells = this.lineValues(this.grid, axis, line).map((value, x) => {
            if (x === at) return mine;
            if (!withRight || value === UNKNOWN || this.isWrong(index(axis, line, x))) return -1;
            return value === FILL ? 1 : 0;
          });
          if (solveLine(clue, cells) === null) {
            const also = withRight ? ` and the cells you have right in ${axis} ${line}` : "";
            return `${axis} ${line}'s clue ${clueText(clue)} cannot hold with it${also}`;
          }
        }
      }
      // line logic over the grid from this cell and the reader's right cells: which line breaks
      const grid = this.grid.map((value, x) =>
        x === i ? mine : value === UNKNOWN || this.isWrong(x) ? -1 : value === FILL ? 1 : 0);
      const broken = this.propagate(grid);
      if (broken) {
        return `with it and the cells you have right, line logic leaves ${broken[0]} ${broken[1]}'s clue ${clueText(broken[2])} no placement`;
      }
      return `no clue rules it out on its own yet, but the one picture that keeps every clue has it ${mine ? "empty" : "filled"}`;
    }

    /* Line logic (solveLine on every changed line until nothing changes) on a grid of -1, 0
       and 1, in place; the first line left with no placement, as [axis, index, clue], or null. */
    propagate(grid) {
      const w = this.width;
      const h = this.height;
      const dirty = [];
      for (let r = 0; r < h; r++) dirty.push(["row", r]);
      for (let c = 0; c < w; c++) dirty.push(["column", c]);
      const queued = new Set(dirty.map(([a, x]) => `${a}${x}`));
      while (dirty.length) {
        const [axis, line] = dirty.shift();
        queued.delete(`${axis}${line}`);
        const clue = axis === "row" ? this.data.rows[line] : this.data.cols[line];
        const at = (x) => (axis === "row" ? line * w + x : x * w + line);
        const cells = [];
        for (let x = 0; x < (axis === "row" ? w : h); x++) cells.push(grid[at(x)]);
        const solved = solveLine(clue, cells);
        if (solved === null) return [axis, line, clue];
        solved.forEach((value, x) => {
          if (value === cells[x]) return;
          grid[at(x)] = value;
          const cross = axis === "row" ? ["column", x] : ["row", x];
          if (!queued.has(`${cross[0]}${cross[1]}`)) {
            queued.add(`${cross[0]}${cross[1]}`);
            dirty.push(cross);
          }
        });
      }
      return null;
    }

    lineValues(grid, axis, index) {
      const out = [];
      if (axis === "row") for (let c = 0; c < this.width; c++) out.push(grid[index * this.width + c]);
      else for (let r = 0; r < this.height; r++) out.push(grid[r * this.width + index]);
      return out;
    }

    lineDone(grid, axis, index) {
      const clue = axis === "row" ? this.data.rows[index] : this.data.cols[index];
      return sameList(runsOf(this.lineValues(grid, axis, index).map((v) => v === FILL)), clue);
    }

    isSolved() {
      for (let r = 0; r < this.height; r++) if (!this.lineDone(this.grid, "row", r)) return false;
      for (let c = 0; c < this.width; c++) if (!this.lineDone(this.grid, "column", c)) return false;
      return true;
    }

    solvedText() {
      return "Solved! Every row and column matches its clue.";
    }

    cellText(i) {
      const r = Math.floor(i / this.width);
      return `${cellName(r, i % this.width)}: ${STATE_WORDS[this.shown()[i]]}`;
    }

    buildTools() {
      this.toolButtons = [FILL, CROSS, UNKNOWN].map((tool) =>
        button(["Clear", "Fill", "Cross"][tool], () => this.chooseTool(tool), {
          "aria-pressed": String(tool === this.tool),
          class: `lp-button lp-tool lp-tool-${STATE_NAMES[tool]}`,
        }),
      );
      return choiceGroup("", "What a click or tap does", "Click or tap to:", this.toolButtons);
    }

    chooseTool(tool) {
      this.tool = tool;
      pressOnly(this.toolButtons, [FILL, CROSS, UNKNOWN].indexOf(tool));
      this.announce(`A click or tap now ${["clears", "fills", "crosses"][tool]} a cell.`);
    }

    helpText() {
      return el(
        "ul",
        {},
        el("li", {}, "Mouse: a left click fills a cell (or clears it when it is filled), a right click crosses it (known empty); drag to do the same to a run of cells."),
        el("li", {}, "Touch: choose Fill, Cross or Clear above the board, then tap cells."),
        el("li", {}, "Keys: arrows move; Space or F fills; X or . crosses; Backspace or Delete clears; Shift+arrow carries the cell's value along; H hint, C check, U undo."),
        el("li", {}, "Hint fills in the next step of the explanation and says why; Previous and Next show the whole explanation from the empty grid (N and P on the board, Escape goes back)."),
      );
    }

    buildBoard() {
      const { rows, cols } = this.data;
      const table = el("table", {
        class: "lp-board",
        role: "grid",
        "aria-label": `Nonogram, ${this.height} rows by ${this.width} columns`,
      });
      const body = el("tbody");
      table.append(body);
      this.colHeads = cols.map((clue, c) =>
        el(
          "th",
          {
            role: "columnheader",
            class: `lp-colclue${this.boldAfter(c, this.width) ? " lp-b5r" : ""}`,
            "aria-label": `column ${c}, clue ${this.clueWords(clue)}`,
          },
          this.clueItems(clue),
          el("span", { class: "lp-index", "aria-hidden": "true" }, c),
        ),
      );
      body.append(
        el(
          "tr",
          { role: "row" },
          el("th", { role: "columnheader", class: "lp-corner" }, el("span", { class: "lp-sr" }, "Row clues")),
          this.colHeads,
        ),
      );
      this.rowHeads = [];
      this.cells = [];
      rows.forEach((clue, r) => {
        const head = el(
          "th",
          {
            role: "rowheader",
            class: "lp-rowclue",
            "aria-label": `row ${r}, clue ${this.clueWords(clue)}`,
          },
          this.clueItems(clue),
          el("span", { class: "lp-index", "aria-hidden": "true" }, r),
        );
        this.rowHeads.push(head);
        const tr = el("tr", { role: "row", class: this.boldAfter(r, this.height) ? "lp-b5b" : null }, head);
        for (let c = 0; c < this.width; c++) {
          const index = r * this.width + c;
          const cell = el("td", {
            role: "gridcell",
            class: `lp-cell${this.boldAfter(c, this.width) ? " lp-b5r" : ""}`,
            tabindex: index === 0 ? "0" : "-1",
            "data-index": index,
            "data-row": r,
            "data-col": c,
          });
          this.cells.push(cell);
          tr.append(cell);
        }
        body.append(tr);
      });
      table.addEventListener("contextmenu", (event) => {
        if (this.indexOf(event.target) >= 0) event.preventDefault();
      });
      table.addEventListener("pointerdown", (event) => this.onPointerDown(event));
      table.addEventListener("pointerover", (event) => this.onPointerOver(event));
      table.addEventListener("click", (event) => this.onClick(event));
      window.addEventListener("pointerup", () => this.endDrag());
      window.addEventListener("pointercancel", () => this.endDrag());
      return table;
    }

    boldAfter(index, count) {
      return (index + 1) % 5 === 0 && index + 1 < count;
    }

    /* A clue as its numbers at the board's edge, and in words (its header's ARIA label). */
    clueItems(clue) {
      return (clue.length ? clue : [0]).map((n) => el("span", {}, n));
    }

    clueWords(clue) {
      return clueText(clue);
    }

    /* Mouse and pen: act on press, and drag. Touch: act on tap (a click), so that a swipe
       that scrolls the page changes nothing. A click with no press before it (a screen
       reader's "activate") acts like a tap. */
    onPointerDown(event) {
      const index = this.indexOf(event.target);
      if (index < 0 || event.pointerType === "touch") return;
      if (event.button !== 0 && event.button !== 2) return;
      event.preventDefault();
      this.pointerHandled = true;
      this.moveCursor(index, true);
      if (this.mode !== "play") return;
      const value = this.pressValue(index, event.button);
      this.snapshot();
      const changed = this.setCell(index, value);
      this.drag = { value, count: changed ? 1 : 0, first: index };
      if (!changed) this.undoStack.pop();
    }

    onPointerOver(event) {
      if (!this.drag) return;
      const index = this.indexOf(event.target);
      if (index < 0) return;
      if (this.drag.count === 0) this.snapshot();
      if (this.setCell(index, this.drag.value)) this.drag.count += 1;
      else if (this.drag.count === 0) this.undoStack.pop();
    }

    endDrag() {
      const drag = this.drag;
      if (!drag) return;
      this.drag = null;
      if (drag.count === 0) return;
      const message =
        drag.count === 1 ? capital(this.cellText(drag.first)) + "." : this.dragText(drag);
      this.afterEdit(message);
    }

    /* What a press (mouse button `button`: 0 left, 2 right) or a tap sets at `index`: the
       tool's value (a right click crosses), or unknown when the cell holds it already. */
    pressValue(index, button) {
      const tool = button === 2 ? CROSS : this.tool;
      return tool !== UNKNOWN && this.grid[index] === tool ? UNKNOWN : tool;
    }

    /* What a drag over several cells did, in words. */
    dragText(drag) {
      return `${plural(drag.count, "cell")} ${["cleared", "filled", "crossed"][drag.value]}.`;
    }

    onClick(event) {
      const index = this.indexOf(event.target);
      if (index < 0) return;
      if (this.pointerHandled) {
        this.pointerHandled = false;
        return;
      }
      this.moveCursor(index, true);
      this.edit(index, this.pressValue(index, 0));
    }

    onKey(event) {
      if (this.indexOf(event.target) < 0) return;
      if (this.commonKey(event)) {
        event.preventDefault();
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const key = event.key.toLowerCase();
      const current = this.grid[this.cursor];
      let value = null;
      if (key === " " || key === "enter" || key === "f") value = current === FILL ? UNKNOWN : FILL;
      else if (key === "x" || key === ".") value = current === CROSS ? UNKNOWN : CROSS;
      else if (key === "backspace" || key === "delete" || key === "0") value = UNKNOWN;
      if (value === null) return;
      event.preventDefault();
      this.edit(this.cursor, value);
    }

    /* The largest cell (MIN_CELL to 32 px) with which the row clues (digits 0.55 of a cell,
       play.css) and the board fit the width; at MIN_CELL the board may scroll sideways. The
       frame's scroll padding is the row clues' width, so that a cell the keyboard moves to is
       scrolled out from under them. */
    fit() {
      const width = this.wrap.clientWidth - 8;
      const clueChars = Math.max(...this.data.rows.map((clue) => (clue.join(" ") || "0").length));
      const chars = clueChars + 1.5 + String(this.height - 1).length; // and the row's number
      let size = 32;
      while (size > MIN_CELL && size * this.width + chars * 0.62 * 0.55 * size + 8 > width) {
        size -= 1;
      }
      this.root.style.setProperty("--lp-cell", `${size}px`);
      const clues = Math.ceil(this.rowHeads[0].getBoundingClientRect().width);
      this.wrap.style.setProperty("--lp-clues", `${clues}px`);
    }

    scrollNoteText() {
      return "Swipe the board sideways to see every column; the row clues stay in place.";
    }

    renderCell(i) {
      const cell = this.cells[i];
      const value = this.shown()[i];
      cell.dataset.state = STATE_NAMES[value];
      cell.setAttribute("aria-label", this.cellText(i) + (this.marks.wrong.has(i) ? ", wrong" : ""));
      cell.classList.toggle("lp-wrong", this.marks.wrong.has(i));
      if (this.marks.wrong.has(i)) cell.setAttribute("aria-invalid", "true");
      else cell.removeAttribute("aria-invalid");
      cell.classList.toggle("lp-new", this.marks.decided.has(i));
    }

    renderMarks() {
      const rows = new Set();
      const cols = new Set();
      for (const [axis, index] of this.marks.lines) (axis === "row" ? rows : cols).add(index);
      for (let i = 0; i < this.cells.length; i++) {
        const r = Math.floor(i / this.width);
        const c = i % this.width;
        const list = this.cells[i].classList;
        list.toggle("lp-ot", rows.has(r) || (cols.has(c) && r === 0));
        list.toggle("lp-ob", rows.has(r) || (cols.has(c) && r === this.height - 1));
        list.toggle("lp-ol", cols.has(c) || (rows.has(r) && c === 0));
        list.toggle("lp-or", cols.has(c) || (rows.has(r) && c === this.width - 1));
      }
      const grid = this.shown();
      this.rowHeads.forEach((head, r) => {
        head.classList.toggle("lp-premise", rows.has(r));
        head.classList.toggle("lp-done", this.mode === "play" && this.lineDone(grid, "row", r));
      });
      this.colHeads.forEach((head, c) => {
        head.classList.toggle("lp-premise", cols.has(c));
        head.classList.toggle("lp-done", this.mode === "play" && this.lineDone(grid, "column", c));
      });
    }
  }

  /* The colour Nonogram: each cell a colour number, 0 the background and 1..k the clue
     colours (data.palette, by number, with each colour's name, RGB and the ink readable on
     it), or EMPTY while the reader has not painted it. A clue is [length, colour] blocks;
     blocks of one colour need a gap between them, blocks of different colours may touch. */
  const EMPTY = -1;

  /* The blocks of one line of colours: [length, colour] of each run of one clue colour
     (EMPTY and the background are gaps), as helper.nonogram.colour.colour_runs. */
  function colourRuns(values) {
    const runs = [];
    let current = 0;
    let length = 0;
    for (const value of values) {
      const colour = value > 0 ? value : 0;
      if (colour === current) {
        length += 1;
        continue;
      }
      if (current) runs.push([length, current]);
      current = colour;
      length = 1;
    }
    if (current) runs.push([length, current]);
    return runs;
  }

  class ColourPlayer extends NonogramPlayer {
    constructor(root, data) {
      super(root, data);
      this.palette = data.palette;
      this.grid = new Array(this.height * this.width).fill(EMPTY);
      this.colour = this.palette.length > 1 ? 1 : 0; // the first clue colour
    }

    mount() {
      this.root.classList.add("lp-nonogram"); // the board, clues and cells of the Nonogram
      super.mount();
    }

    colourName(value) {
      return value === EMPTY ? "empty" : this.palette[value].name;
    }

    startValue() {
      return EMPTY;
    }

    fromStep(value) {
      return value;
    }

    isWrong(i) {
      return this.grid[i] !== EMPTY && this.grid[i] !== this.solution[i];
    }

    decidedCount() {
      return this.grid.filter((value) => value !== EMPTY).length;
    }

    lineDone(grid, axis, index) {
      const clue = axis === "row" ? this.data.rows[index] : this.data.cols[index];
      const runs = colourRuns(this.lineValues(grid, axis, index));
      return runs.length === clue.length && runs.every(([n, v], j) => n === clue[j][0] && v === clue[j][1]);
    }

    /* Why a wrong colour at a cell breaks a clue, by counting: its row's or column's clue has
       no block of that colour, or fewer cells of it than the line now holds (for the
       background: fewer background cells than the blocks leave). Else no clue rules it out
       on its own, and the one solution (counted or forced by the steps) has another colour. */
    wrongReason(i) {
      const r = Math.floor(i / this.width);
      const c = i % this.width;
      const mine = this.grid[i];
      const name = this.colourName(mine);
      for (const [axis, index, clue, length] of [
        ["row", r, this.data.rows[r], this.width],
        ["column", c, this.data.cols[c], this.height],
      ]) {
        const words = `${axis} ${index}'s clue (${this.clueWords(clue)})`;
        const painted = this.lineValues(this.grid, axis, index).filter((v) => v === mine).length;
        if (mine === 0) {
          const free = length - clue.reduce((sum, [n]) => sum + n, 0);
          if (painted > free) return `${words} leaves ${plural(free, `${name} cell`)}, and the ${axis} has ${painted}`;
          continue;
        }
        const wanted = clue.filter(([, v]) => v === mine).reduce((sum, [n]) => sum + n, 0);
        if (wanted === 0) return `${words} has no ${name} block`;
        if (painted > wanted) return `${words} has ${plural(wanted, `${name} cell`)}, and the ${axis} has ${painted}`;
      }
      return `no clue rules it out on its own yet, but the one picture that keeps every clue has another colour there`;
    }

    cellText(i) {
      const r = Math.floor(i / this.width);
      return `${cellName(r, i % this.width)}: ${this.colourName(this.shown()[i])}`;
    }

    clueItems(clue) {
      if (!clue.length) return [el("span", { class: "lp-block lp-block-none" }, 0)];
      return clue.map(([length, colour]) =>
        el("span", {
          class: "lp-block",
          style: `background-color:${this.palette[colour].rgb};color:${this.palette[colour].ink}`,
        }, length),
      );
    }

    clueWords(clue) {
      if (!clue.length) return `empty, every cell ${this.palette[0].name}`;
      return clue.map(([length, colour]) => `${length} ${this.palette[colour].name}`).join(", ");
    }

    buildTools() {
      this.swatches = this.palette.map((colour, value) =>
        el(
          "button",
          {
            type: "button",
            class: "lp-button lp-swatch",
            "aria-pressed": String(value === this.colour),
            "aria-keyshortcuts": value <= 9 ? String(value) : null,
            "data-colour": value,
            onclick: () => this.chooseColour(value),
          },
          el("span", { class: "lp-chip", style: `background-color:${colour.rgb}`, "aria-hidden": "true" }),
          el("span", { class: "lp-swatch-name" }, colour.name),
          value <= 9 ? el("span", { class: "lp-key", "aria-hidden": "true" }, value) : null,
        ),
      );
      return choiceGroup(" lp-picker", "Colour to paint with", "Paint with:", this.swatches);
    }

    chooseColour(value) {
      this.colour = value;
      pressOnly(this.swatches, value);
      const name = this.colourName(value);
      this.announce(`${capital(name)}: a click, tap, Space or Enter paints a cell ${name}.`);
    }

    helpText() {
      const last = Math.min(9, this.palette.length - 1);
      const background = this.palette[0].name;
      return el(
        "ul",
        {},
        el("li", {}, `Each clue number is a block of its colour. Blocks of one colour have at least one ${background} cell between them; blocks of different colours may touch.`),
        el("li", {}, `Choose a colour above the board (${background} is the background), then click or tap cells to paint them; painting a cell its own colour again makes it empty. A right click paints ${background}; drag to paint a run of cells.`),
        el("li", {}, `Keys: arrows move; 0 to ${last} choose a colour; Space or Enter paints; X or . paints ${background}; Backspace or Delete empties a cell; Shift+arrow carries the cell's colour along; H hint, C check, U undo.`),
        el("li", {}, "Hint paints the next step of the explanation (its cells ringed, its line outlined) and says why; Previous and Next show the whole explanation from the empty grid (N and P on the board, Escape goes back)."),
      );
    }

    pressValue(index, button) {
      const colour = button === 2 ? 0 : this.colour;
      return this.grid[index] === colour ? EMPTY : colour;
    }

    dragText(drag) {
      const done = drag.value === EMPTY ? "emptied" : `painted ${this.colourName(drag.value)}`;
      return `${plural(drag.count, "cell")} ${done}.`;
    }

    onKey(event) {
      if (this.indexOf(event.target) < 0) return;
      if (this.commonKey(event)) {
        event.preventDefault();
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const { key } = event;
      if (/^[0-9]$/.test(key) && Number(key) < this.palette.length) {
        event.preventDefault();
        this.chooseColour(Number(key));
        return;
      }
      const current = this.grid[this.cursor];
      let value = null;
      if (key === " " || key === "Enter") value = current === this.colour ? EMPTY : this.colour;
      else if (key === "x" || key === "X" || key === ".") value = current === 0 ? EMPTY : 0;
      else if (key === "Backspace" || key === "Delete") value = EMPTY;
      if (value === null) return;
      event.preventDefault();
      this.edit(this.cursor, value);
    }

    /* The largest cell (MIN_CELL to 32 px) with which the board, its coloured clues
       included, fits the frame, measured; at MIN_CELL it may scroll sideways. */
    fit() {
      const style = getComputedStyle(this.wrap);
      const room = this.wrap.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      let size = 32;
      const apply = () => this.root.style.setProperty("--lp-cell", `${size}px`);
      apply();
      while (size > MIN_CELL && this.board.getBoundingClientRect().width > room) {
        size -= 1;
        apply();
      }
      const clues = Math.ceil(this.rowHeads[0].getBoundingClientRect().width);
      this.wrap.style.setProperty("--lp-clues", `${clues}px`);
    }

    renderCell(i) {
      const cell = this.cells[i];
      const value = this.shown()[i];
      cell.dataset.state = value === EMPTY ? "unknown" : value === 0 ? "background" : "painted";
      if (value === EMPTY) {
        delete cell.dataset.colour;
        cell.style.removeProperty("--lp-fill");
        cell.style.removeProperty("--lp-fill-ink");
      } else {
        cell.dataset.colour = String(value);
        cell.style.setProperty("--lp-fill", this.palette[value].rgb);
        cell.style.setProperty("--lp-fill-ink", this.palette[value].ink);
      }
      const wrong = this.marks.wrong.has(i);
      cell.setAttribute("aria-label", this.cellText(i) + (wrong ? ", wrong" : ""));
      cell.classList.toggle("lp-wrong", wrong);
      if (wrong) cell.setAttribute("aria-invalid", "true");
      else cell.removeAttribute("aria-invalid");
      cell.classList.toggle("lp-new", this.marks.decided.has(i));
    }

    solvedText() {
      return "Solved! Every row and column matches its clue, colours included.";
    }

    noStepLeftText() {
      return this.data.stalled || super.noStepLeftText();
    }

    endText() {
      return this.data.stalled || super.endText();
    }
  }

  /* The Futoshiki: a digit 1..n, or 0 for an empty cell; givens cannot change. */
  class FutoshikiPlayer extends Player {
    constructor(root, data) {
      super(root, data);
      this.height = this.width = data.size;
      this.givens = data.givens.flat();
      this.solution = data.solution.flat();
      this.grid = this.givens.slice();
      this.notes = new Array(this.givens.length).fill(0); // bit v: the reader noted v here
      this.noting = false;
      this.signs = data.signs.map(([[r1, c1], [r2, c2]]) => [r1 * data.size + c1, r2 * data.size + c2]);
    }

    isFixed(i) {
      return this.givens[i] !== 0;
    }

    saveState() {
      return { grid: this.grid.slice(), notes: this.notes.slice() };
    }

    restoreState(state) {
      this.grid = state.grid.slice();
      this.notes = state.notes.slice();
    }

    changedCells(state) {
      return this.grid.filter((v, i) => v !== state.grid[i] || this.notes[i] !== state.notes[i])
        .length;
    }

    atStart() {
      return super.atStart() && this.notes.every((bits) => bits === 0);
    }

    clearBoard() {
      super.clearBoard();
      this.notes.fill(0);
    }

    noteList(i) {
      const list = [];
      for (let v = 1; v <= this.width; v++) if (this.notes[i] & (1 << v)) list.push(v);
      return list;
    }

    /* Notes: the numbers a reader thinks a cell may still hold (pencil marks). */
    toggleNote(index, value) {
      if (this.mode !== "play" || this.isFixed(index)) {
        this.edit(index, value); // which says why not
        return;
      }
      this.snapshot();
      this.notes[index] ^= 1 << value;
      this.renderCell(index);
      this.updateButtons();
      const on = this.notes[index] & (1 << value);
      this.announce(`${capital(cellName(Math.floor(index / this.width), index % this.width))}: ` +
        `note ${value} ${on ? "added" : "removed"}.`);
    }

    chooseNoting(noting) {
      this.noting = noting;
      this.noteButton.setAttribute("aria-pressed", String(noting));
      this.announce(noting ? "Number buttons and keys now write notes." : "Number buttons and keys now write numbers.");
    }

    startValue(i) {
      return this.givens[i];
    }

    fromStep(value) {
      return value;
    }

    isWrong(i) {
      return !this.isFixed(i) && this.grid[i] !== 0 && this.grid[i] !== this.solution[i];
    }

    decidedCount() {
      return this.grid.filter((value) => value !== 0).length;
    }

    /* Why a wrong digit breaks a rule: it repeats a digit of its row or column (a given or
       the reader's), or breaks a sign (against the digit at its other end, or against any
       digit: n is less than none, 1 greater than none); else no rule rules it out yet. */
    wrongReason(i) {
      const n = this.width;
      const r = Math.floor(i / n);
      const c = i % n;
      const v = this.grid[i];
      for (let x = 0; x < n; x++) {
        if (x !== c && this.grid[r * n + x] === v) return `it repeats ${v} in row ${r}`;
      }
      for (let x = 0; x < n; x++) {
        if (x !== r && this.grid[x * n + c] === v) return `it repeats ${v} in column ${c}`;
      }
      for (const [small, large] of this.signs) {
        if (small !== i && large !== i) continue;
        const other = this.grid[small === i ? large : small];
        const broken = small === i ? v >= n || (other && v >= other) : v <= 1 || (other && v <= other);
        if (broken) return `it breaks the sign ${pairText(small, n)} < ${pairText(large, n)}`;
      }
      const found = this.candidatesBreak(i);
      if (found) return `with ${v} there, ${found}`;
      return "it breaks no rule on its own yet, but the one solution has another digit there";
    }

    /* With the wrong digit at i and the reader's right digits, the candidates of every cell
       narrowed by three rules a person uses (a digit placed is no candidate elsewhere in its
       row and column; a digit with one place left in a row or column goes there; a sign's
       smaller cell is below the largest candidate of the larger, and the larger above the
       smallest of the smaller) until nothing changes: the first clue left unkeepable, in
       words, or null. */
    candidatesBreak(i) {
      const n = this.width;
      const all = [];
      for (let d = 1; d <= n; d++) all.push(d);
      const cand = this.grid.map((value, x) =>
        new Set(x === i || (value && !this.isWrong(x)) ? [value] : all));
      const lineOf = (axis, k) => all.map((_, x) => (axis === "row" ? k * n + x : x * n + k));
      const lines = [];
      for (let k = 0; k < n; k++) lines.push(["row", k], ["column", k]);
      let changed = true;
      const cut = (x, keep) => {
        const before = cand[x].size;
        for (const d of [...cand[x]]) if (!keep(d)) cand[x].delete(d);
        if (cand[x].size !== before) changed = true;
        return cand[x].size === 0;
      };
      while (changed) {
        changed = false;
        for (const [axis, k] of lines) {
          const cells = lineOf(axis, k);
          for (const x of cells) {
            if (cand[x].size !== 1) continue;
            const [d] = cand[x];
            for (const y of cells) {
              if (y !== x && cut(y, (e) => e !== d)) {
                return `${axis} ${k} leaves ${pairText(y, n)} no digit`;
              }
            }
          }
          for (const d of all) {
            const spots = cells.filter((x) => cand[x].has(d));
            if (spots.length === 0) return `${axis} ${k} has no place left for ${d}`;
            if (spots.length === 1 && cand[spots[0]].size > 1) cut(spots[0], (e) => e === d);
          }
        }
        for (const [small, large] of this.signs) {
          const top = Math.max(...cand[large]);
          const low = Math.min(...cand[small]);
          if (cut(small, (d) => d < top) || cut(large, (d) => d > low)) {
            return `the sign ${pairText(small, n)} < ${pairText(large, n)} cannot hold`;
          }
        }
      }
      return null;
    }

    isSolved() {
      const n = this.width;
      const grid = this.grid;
      if (grid.some((value) => value === 0)) return false;
      for (let a = 0; a < n; a++) {
        const row = new Set();
        const col = new Set();
        for (let b = 0; b < n; b++) {
          row.add(grid[a * n + b]);
          col.add(grid[b * n + a]);
        }
        if (row.size !== n || col.size !== n) return false;
      }
      if (this.givens.some((value, i) => value && value !== grid[i])) return false;
      return this.signs.every(([small, large]) => grid[small] < grid[large]);
    }

    solvedText() {
      return "Solved! Every row and column holds each number once, and every sign holds.";
    }

    cellText(i) {
      const value = this.shown()[i];
      const name = cellName(Math.floor(i / this.width), i % this.width);
      const notes = this.mode === "play" && !value ? this.noteList(i) : [];
      const noted = notes.length ? `, notes ${notes.join(" ")}` : "";
      return `${name}: ${this.isFixed(i) ? `given ${value}` : value || "empty"}${noted}`;
    }

    buildTools() {
      const n = this.data.size;
      const keys = [];
      for (let v = 1; v <= n; v++) keys.push(button(String(v), () => this.type(v), { class: "lp-button lp-digit" }));
      keys.push(button("Clear", () => this.type(0), { class: "lp-button lp-digit" }));
      this.noteButton = button("Notes", () => this.chooseNoting(!this.noting), {
        class: "lp-button lp-tool", "aria-pressed": "false",
      });
      keys.push(this.noteButton);
      return el(
        "div",
        { class: "lp-buttons lp-tools", role: "group", "aria-label": "Number for the selected cell" },
        el("span", { class: "lp-label" }, "Selected cell:"),
        keys,
      );
    }

    type(value) {
      if (this.noting && value) this.toggleNote(this.cursor, value);
      else this.edit(this.cursor, value);
      reveal(this.cells[this.cursor]);
    }

    helpText() {
      const n = this.data.size;
      return el(
        "ul",
        {},
        el("li", {}, `Every row and column holds 1 to ${n} once each; a sign points at the smaller number. Bold numbers are given.`),
        el("li", {}, "Click or tap a cell to select it, then a number button above the board."),
        el("li", {}, `Keys: arrows move; 1 to ${n} write a number, Shift with a number writes or removes a note; Backspace, Delete or 0 clears; H hint, C check, U undo.`),
        el("li", {}, "Notes are small numbers a cell may still hold; press Notes to make the number buttons write notes."),
        el("li", {}, "Hint fills in the next step of the explanation and says why; Previous and Next show the whole explanation from the givens (N and P on the board, Escape goes back)."),
      );
    }

    signText(i) {
      const n = this.width;
      const where = (j) =>
        j === i - 1 ? "left" : j === i + 1 ? "right" : j === i - n ? "above" : "below";
      const parts = [];
      for (const [small, large] of this.signs) {
        if (small === i) parts.push(`less than the cell ${where(large) === "above" || where(large) === "below" ? where(large) : "to the " + where(large)}`);
        if (large === i) parts.push(`greater than the cell ${where(small) === "above" || where(small) === "below" ? where(small) : "to the " + where(small)}`);
      }
      return parts.join(", ");
    }

    buildBoard() {
      const n = this.data.size;
      const table = el("table", {
        class: "lp-board lp-futoshiki-board",
        role: "grid",
        "aria-label": `Futoshiki, ${n} rows by ${n} columns`,
      });
      const body = el("tbody");
      table.append(body);
      this.cells = [];
      this.signMarks = new Map(); // "small,large" -> the sign's element
      const between = new Map();
      for (const [small, large] of this.signs) {
        between.set(`${Math.min(small, large)},${Math.max(small, large)}`, [small, large]);
      }
      const head = (role, label, number, gap) =>
        el("th", { role, class: `lp-findex${gap ? ` lp-gap-${gap}` : ""}`, "aria-label": label },
          el("span", { "aria-hidden": "true" }, number));
      body.append(
        el("tr", { role: "row" },
          el("th", { class: "lp-findex lp-corner", "aria-hidden": "true" }),
          Array.from({ length: n }, (_, c) =>
            head("columnheader", `column ${c}`, c, c + 1 < n ? "right" : null))),
      );
      for (let r = 0; r < n; r++) {
        const tr = el("tr", { role: "row" },
          head("rowheader", `row ${r}`, r, r + 1 < n ? "down" : null));
        for (let c = 0; c < n; c++) {
          const index = r * n + c;
          const cell = el(
            "td",
            {
              role: "gridcell",
              class: `lp-fcell${this.isFixed(index) ? " lp-given" : ""}`,
              tabindex: index === 0 ? "0" : "-1",
              "aria-readonly": this.isFixed(index) ? "true" : null,
              "data-index": index,
              "data-row": r,
              "data-col": c,
            },
            el("span", { class: "lp-box" }, el("span", { class: "lp-val" }),
              el("span", { class: "lp-notes", "aria-hidden": "true" },
                Array.from({ length: n }, (_, v) => el("span", { "data-note": v + 1 }, v + 1)))),
          );
          if (c + 1 < n) cell.classList.add("lp-gap-right");
          if (r + 1 < n) cell.classList.add("lp-gap-down");
          const right = between.get(`${index},${index + 1}`);
          if (right) {
            const sign = el("span", { class: "lp-sign lp-sign-right", "aria-hidden": "true" },
              right[0] === index ? "<" : ">");
            this.signMarks.set(right.join(","), sign);
            cell.append(sign);
          }
          const down = between.get(`${index},${index + n}`);
          if (down) {
            const sign = el("span", { class: "lp-sign lp-sign-down", "aria-hidden": "true" },
              down[0] === index ? "\u2227" : "\u2228");
            this.signMarks.set(down.join(","), sign);
            cell.append(sign);
          }
          this.cells.push(cell);
          tr.append(cell);
        }
        body.append(tr);
      }
      table.addEventListener("click", (event) => {
        const index = this.indexOf(event.target);
        if (index >= 0) this.moveCursor(index, true);
      });
      return table;
    }

    onKey(event) {
      if (this.indexOf(event.target) < 0) return;
      if (this.commonKey(event)) {
        event.preventDefault();
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const { key } = event;
      const digit = /^(?:Digit|Numpad)([1-9])$/.exec(event.code || "");
      if (event.shiftKey && digit && Number(digit[1]) <= this.width) {
        event.preventDefault();
        this.toggleNote(this.cursor, Number(digit[1]));
        return;
      }
      let value = null;
      if (/^[1-9]$/.test(key) && Number(key) <= this.width) value = Number(key);
      else if (key === "0" || key === "Backspace" || key === "Delete" || key === " ") value = 0;
      if (value === null) return;
      event.preventDefault();
      if (this.noting && value) this.toggleNote(this.cursor, value);
      else this.edit(this.cursor, value);
    }

    fit() {
      // n boxes, n - 1 gaps of half a box, and the row numbers (0.7 of a box)
      const size = Math.floor((this.wrap.clientWidth - 8) / (1.5 * this.width + 0.2));
      this.root.style.setProperty("--lp-box", `${Math.max(26, Math.min(52, size))}px`);
    }

    renderCell(i) {
      const cell = this.cells[i];
      const value = this.shown()[i];
      cell.querySelector(".lp-val").textContent = value ? String(value) : "";
      const notes = this.mode === "play" && !value ? this.notes[i] : 0;
      for (const mark of cell.querySelectorAll("[data-note]")) {
        mark.classList.toggle("lp-on", Boolean(notes & (1 << Number(mark.dataset.note))));
      }
      cell.dataset.state = value ? String(value) : "empty";
      const wrong = this.marks.wrong.has(i);
      const signs = this.signText(i);
      cell.setAttribute("aria-label", this.cellText(i) + (signs ? `; ${signs}` : "") + (wrong ? ", wrong" : ""));
      cell.classList.toggle("lp-wrong", wrong);
      if (wrong) cell.setAttribute("aria-invalid", "true");
      else cell.removeAttribute("aria-invalid");
      cell.classList.toggle("lp-new", this.marks.decided.has(i));
    }

    renderMarks() {
      const n = this.width;
      const inLine = new Set();
      const givens = new Set();
      const signs = new Set();
      for (const [kind, a, b] of this.marks.lines) {
        if (kind === "row") for (let c = 0; c < n; c++) inLine.add(a * n + c);
        else if (kind === "column") for (let r = 0; r < n; r++) inLine.add(r * n + a);
        else if (kind === "given") givens.add(a[0] * n + a[1]);
        else if (kind === "sign") signs.add(`${a[0] * n + a[1]},${b[0] * n + b[1]}`);
      }
      this.cells.forEach((cell, i) => {
        cell.classList.toggle("lp-premise", inLine.has(i));
        cell.classList.toggle("lp-premise-given", givens.has(i));
      });
      for (const [key, sign] of this.signMarks) sign.classList.toggle("lp-premise", signs.has(key));
    }
  }

  /* One line: the reader edits the clue and the known cells, the line solver answers. */
  const LINE_NAMES = { "-1": "unknown", 0: "empty", 1: "filled" };
  const LINE_WORDS = { "-1": "open", 0: "empty", 1: "filled" }; /* what a reader hears */

  class LineEditor {
    constructor(root, data) {
      this.root = root;
      this.data = data;
      this.cells = data.cells.slice();
      this.clue = data.clue.slice();
      this.cursor = 0;
    }

    mount() {
      const root = this.root;
      root.classList.add("lp-line-editor");
      for (const old of root.querySelectorAll(".lp-fallback")) old.remove();
      const clueId = newId("clue");
      const lengthId = newId("length");
      this.clueInput = el("input", {
        id: clueId,
        type: "text",
        inputmode: "numeric",
        autocomplete: "off",
        spellcheck: "false",
        value: this.clue.join(" ") || "0",
        class: "lp-input",
      });
      this.lengthInput = el("input", {
        id: lengthId,
        type: "number",
        min: 1,
        max: this.data.max,
        value: this.cells.length,
        class: "lp-input lp-input-short",
      });
      this.clueInput.addEventListener("input", () => this.update(true));
      this.lengthInput.addEventListener("input", () => this.resize());
      this.known = el("table", { class: "lp-board lp-line", role: "grid", "aria-label": "Known cells: click or tap a cell to change it" });
      this.result = el("table", { class: "lp-board lp-line lp-line-result", role: "grid", "aria-label": "What the line solver decides", "aria-readonly": "true" });
      this.message = el("p", { class: "lp-status", role: "status", "aria-live": "polite", "aria-atomic": "true" });
      this.known.addEventListener("click", (event) => {
        const index = this.indexOf(event.target);
        if (index < 0) return;
        this.moveCursor(index, true);
        this.set(index, { "-1": 1, 1: 0, 0: -1 }[this.cells[index]]);
      });
      this.known.addEventListener("keydown", (event) => this.onKey(event));
      root.append(
        el("div", { class: "lp-fields" },
          el("label", { for: clueId }, "Clue ", this.clueInput),
          el("label", { for: lengthId }, "Cells ", this.lengthInput)),
        el("p", { class: "lp-label" }, "Known cells, numbered from 0 (click or tap: filled, empty, open):"),
        el("div", { class: "lp-board-wrap" }, this.known),
        el("p", { class: "lp-label" }, "The line solver decides:"),
        el("div", { class: "lp-board-wrap" }, this.result),
        this.message,
        el("div", { class: "lp-buttons", role: "group", "aria-label": "Line" },
          button("Use the result", () => this.adopt()),
          button("Clear the known cells", () => this.clearKnown())),
        el("details", { class: "lp-help" }, el("summary", {}, "How to use"),
          el("ul", {},
            el("li", {}, "Write the clue as numbers separated by spaces (0 or nothing for an empty line), and the line's length."),
            el("li", {}, "Keys on the known cells: arrows move; F or Space fills; X or . marks empty; Backspace or Delete makes a cell open again."),
            el("li", {}, "Use the result copies what the line solver decided into the known cells."))),
      );
      watchWidth(root, () => {
        const width = this.known.parentNode.clientWidth - 8;
        const size = Math.floor(width / Math.max(10, this.cells.length));
        root.style.setProperty("--lp-cell", `${Math.max(MIN_CELL, Math.min(32, size))}px`);
      });
      root.dataset.lpMounted = "true";
      this.build();
      this.update(false);
    }

    indexOf(node) {
      const cell = node && node.closest ? node.closest("[data-index]") : null;
      return cell && this.known.contains(cell) ? Number(cell.dataset.index) : -1;
    }

    build() {
      const row = (table, prefix, focusable) => {
        const tr = el("tr", { role: "row" });
        const cells = this.cells.map((_, x) =>
          el("td", {
            role: "gridcell",
            class: `lp-cell${(x + 1) % 5 === 0 && x + 1 < this.cells.length ? " lp-b5r" : ""}`,
            tabindex: focusable ? (x === this.cursor ? "0" : "-1") : null,
            "data-index": x,
          }),
        );
        tr.append(...cells);
        // the cells' numbers, from 0 as in the prose (solve_line's indexes)
        const numbers = el("tr", { role: "row" }, this.cells.map((_, x) =>
          el("th", {
            role: "columnheader",
            class: `lp-lindex${(x + 1) % 5 === 0 && x + 1 < this.cells.length ? " lp-b5r" : ""}`,
            "aria-label": `cell ${x}`,
          }, el("span", { "aria-hidden": "true" }, x))));
        table.replaceChildren(el("tbody", {}, numbers, tr));
        return cells;
      };
      this.cursor = Math.min(this.cursor, this.cells.length - 1);
      this.knownCells = row(this.known, "known", true);
      this.resultCells = row(this.result, "result", false);
    }

    moveCursor(index, focus) {
      this.knownCells[this.cursor].tabIndex = -1;
      this.cursor = index;
      this.knownCells[index].tabIndex = 0;
      if (focus) reveal(this.knownCells[index]);
    }

    onKey(event) {
      const index = this.indexOf(event.target);
      if (index < 0 || event.ctrlKey || event.metaKey || event.altKey) return;
      const last = this.cells.length - 1;
      const moves = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: last };
      const key = event.key.toLowerCase();
      if (event.key in moves) this.moveCursor(Math.max(0, Math.min(last, moves[event.key])), true);
      else if (key === "f" || key === " " || key === "enter") this.set(index, this.cells[index] === 1 ? -1 : 1);
      else if (key === "x" || key === ".") this.set(index, this.cells[index] === 0 ? -1 : 0);
      else if (key === "backspace" || key === "delete") this.set(index, -1);
      else return;
      event.preventDefault();
    }

    set(index, value) {
      this.cells[index] = value;
      this.update(true);
    }

    resize() {
      const length = Number(this.lengthInput.value);
      if (!Number.isInteger(length) || length < 1 || length > this.data.max) {
        this.say(`The line has 1 to ${this.data.max} cells; "${this.lengthInput.value}" is not such a number.`, true);
        return;
      }
      while (this.cells.length < length) this.cells.push(-1);
      this.cells.length = length;
      this.build();
      this.update(true);
    }

    parseClue() {
      const text = this.clueInput.value.trim();
      if (text === "" || text === "0") return [];
      const parts = text.split(/[\s,]+/).filter(Boolean);
      const bad = parts.find((part) => !/^\d+$/.test(part) || Number(part) === 0);
      if (bad !== undefined) {
        throw new Error(`The clue is whole numbers from 1 up, separated by spaces, like 3 2 2: "${bad}" is not one.`);
      }
      return parts.map(Number);
    }

    say(text, problem) {
      this.message.textContent = text;
      this.root.classList.toggle("lp-problem", Boolean(problem));
    }

    update(speak) {
      let clue;
      try {
        clue = this.parseClue();
        this.clueInput.removeAttribute("aria-invalid");
      } catch (error) {
        this.clueInput.setAttribute("aria-invalid", "true");
        this.say(error.message, true);
        return;
      }
      this.clue = clue;
      const solved = solveLine(clue, this.cells);
      this.solved = solved;
      this.knownCells.forEach((cell, x) => {
        cell.dataset.state = LINE_NAMES[this.cells[x]];
        cell.setAttribute("aria-label", `cell ${x}: ${LINE_WORDS[this.cells[x]]}`);
      });
      this.resultCells.forEach((cell, x) => {
        const value = solved ? solved[x] : -1;
        const fresh = solved !== null && this.cells[x] === -1 && value !== -1;
        cell.dataset.state = solved ? LINE_NAMES[value] : "conflict";
        cell.classList.toggle("lp-new", fresh);
        cell.classList.toggle("lp-wrong", solved === null);
        cell.setAttribute("aria-label", `cell ${x}: ${solved ? LINE_WORDS[value] : "no placement"}${fresh ? ", newly decided" : ""}`);
      });
      this.root.dataset.lpResult = solved ? solved.join(" ") : "conflict";
      const clueText = clue.join(" ") || "0";
      let text;
      const need = clue.reduce((a, b) => a + b, 0) + Math.max(0, clue.length - 1);
      if (solved === null) {
        text = need > this.cells.length
          ? `Conflict: the clue ${clueText} needs ${need} cells, and the line has ${this.cells.length}.`
          : `Conflict: no placement of ${clueText} fits the known cells.`;
      } else {
        const fresh = { 1: [], 0: [] };
        solved.forEach((value, x) => {
          if (this.cells[x] === -1 && value !== -1) fresh[value].push(x);
        });
        const count = fresh[1].length + fresh[0].length;
        if (count === 0) {
          text = this.cells.includes(-1)
            ? `Nothing new: the placements of ${clueText} left disagree on every open cell.`
            : "Every cell is known, and the clue fits.";
        } else {
          const parts = [];
          if (fresh[1].length) parts.push(`${fresh[1].length === 1 ? "cell" : "cells"} ${listText(fresh[1])} filled`);
          if (fresh[0].length) parts.push(`${fresh[0].length === 1 ? "cell" : "cells"} ${listText(fresh[0])} empty`);
          text = `The line solver decides ${plural(count, "cell")}: ${parts.join("; ")}.`;
        }
      }
      this.say(text, solved === null);
      if (!speak) this.message.textContent = text;
    }

    adopt() {
      if (!this.solved) {
        this.say("There is no result to use: no placement fits.", true);
        return;
      }
      this.cells = this.solved.slice();
      this.update(true);
    }

    clearKnown() {
      this.cells = this.cells.map(() => -1);
      this.update(true);
    }
  }

  /* ------------------------------------------------------------- the page around --- */

  /* The book theme's floating "Back to top" button (pydata-sphinx-theme's #pst-back-to-top,
     fixed near the bottom of the window) shows whenever the reader scrolls up. On a phone it
     covered a board's bottom rows, and a tap meant for a cell went to the top of the page. It
     is hidden while it overlaps a player (play.css: .lp-over-player); elsewhere it stays. Where
     there is no such button (a notebook), this does nothing. */
  function watchBackToTop() {
    const overlaps = (a, b) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    let pending = false;
    const check = () => {
      pending = false;
      const button = document.getElementById("pst-back-to-top");
      if (!button) return;
      const place = button.getBoundingClientRect(); // hidden by visibility: still laid out
      const covering =
        place.width > 0 &&
        [...document.querySelectorAll(".lp-play")].some((root) =>
          overlaps(place, root.getBoundingClientRect()),
        );
      button.classList.toggle("lp-over-player", covering);
    };
    const later = () => {
      if (pending) return;
      pending = true;
      requestAnimationFrame(check);
    };
    // The theme shows or hides the button on scroll; this looks in the same frame, after it.
    window.addEventListener("scroll", later, { passive: true });
    window.addEventListener("resize", later);
    if (typeof ResizeObserver === "function") new ResizeObserver(later).observe(document.body);
    later();
  }

  /* ---------------------------------------------------------------------- mounting --- */

  const players = [];

  function mount(root) {
    if (root.dataset.lpMounted) return;
    let data;
    try {
      data = JSON.parse(root.querySelector("script.lp-data").textContent);
    } catch (error) {
      root.dataset.lpMounted = "error";
      root.append(el("p", { class: "lp-status" }, `This player's data cannot be read: ${error.message}`));
      return;
    }
    const kinds = { nonogram: NonogramPlayer, futoshiki: FutoshikiPlayer, colour: ColourPlayer };
    const Kind = data.widget === "line" ? LineEditor : kinds[data.puzzle];
    if (!Kind) {
      root.dataset.lpMounted = "error";
      return;
    }
    const player = new Kind(root, data);
    player.mount();
    players.push(player);
  }

  function mountAll(within) {
    const places = [within, document].filter(Boolean);
    for (const place of places) {
      if (!place.querySelectorAll) continue;
      for (const root of place.querySelectorAll(".lp-play")) mount(root);
    }
  }

  window.LogicPuzzlePlay = { solveLine, mountAll, players, version: 1 };
  mountAll(scope);
  if (document.body) watchBackToTop();
  else document.addEventListener("DOMContentLoaded", watchBackToTop);
  // A notebook front end may run the script before it attaches the output to the page (the
  // classic notebook does, and gives no currentScript): look again once it has.
  setTimeout(() => mountAll(document), 0);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", () => mountAll(document));
  }
})();
