"""booktools.count_pages counts what a reader reads: prose words, shown and hidden code lines."""

from booktools.count_pages import count_page, main_path_pages

PAGE = """<html><body><nav>Contents sidebar words</nav><article class="bd-article">
<h1>Title here<a class="headerlink">#</a></h1>
<p>Three prose words.</p>
<div class="cell docutils container"><div class="cell_input docutils container">
<div class="highlight-ipython3"><pre>x = 1

y = 2</pre></div></div>
<div class="cell_output docutils container"><pre>printed output words</pre></div></div>
<div class="cell tag_hide-input docutils container"><div class="cell_input docutils container">
<div class="highlight-ipython3"><pre>hidden = 1</pre></div></div></div>
<div class="highlight-python notranslate"><pre>def f():
    return 1</pre></div>
<pre class="mermaid">flowchart TD A --> B</pre>
<div class="solution dropdown admonition"><p>Solution words.</p>
<div class="cell docutils container"><div class="cell_input docutils container">
<div class="highlight-ipython3"><pre>answer = 42</pre></div></div></div></div>
<details class="sd-dropdown"><summary>More</summary>
<div class="highlight-python notranslate"><pre>def g():
    return 2</pre></div></details>
</article></body></html>"""


def test_count_page_separates_prose_shown_folded_and_hidden_code() -> None:
    count = count_page(PAGE, "book/x", True)
    assert count.words == 8  # "Title here", "Three prose words.", "Solution words.", "More"
    assert count.code_lines == 4  # two cell lines (the blank one not counted), two listing lines
    assert count.hidden_lines == 1
    assert count.folded_lines == 3  # the solution's cell line, the dropdown's two lines


def test_main_path_ends_with_choosing() -> None:
    pages = main_path_pages()
    flags = [main for _, main in pages]
    assert flags[0] and not flags[-1]
    assert flags == sorted(flags, reverse=True)  # main path first, then only what comes after
    main = [page for page, on in pages if on]
    assert main[-1] == "book/choosing" and "book/puzzles" not in main
    assert "book/puzzles" in [page for page, _ in pages]  # after the main path, not gone


def test_a_going_further_part_ends_the_main_path(tmp_path) -> None:
    toc = tmp_path / "_toc.yml"
    toc.write_text(
        "root: a\nparts:\n  - caption: One\n    chapters: [{file: b}]\n"
        "  - caption: 'Going further: x'\n    chapters: [{file: c}]\n"
        "  - caption: Two\n    chapters: [{file: d}]\n"
        "  - caption: 'Appendix A: y'\n    chapters: [{file: e}]\n",
        "utf8",
    )
    assert main_path_pages(toc) == [
        ("a", True),
        ("b", True),
        ("c", False),
        ("d", False),
        ("e", False),
    ]
