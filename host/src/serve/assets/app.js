// xqr serve: the page. Plain ES2020, no dependencies; talks only to the same-origin /api/*.
'use strict';

const $ = (sel, root = document) => root.querySelector(sel);
const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));

const PIECES = {
  chinese: {
    K: '帥', A: '仕', B: '相', N: '傌', R: '俥', C: '炮', P: '兵', X: '暗',
    k: '將', a: '士', b: '象', n: '馬', r: '車', c: '砲', p: '卒', x: '暗',
  },
  // WXF letters: elephant E, horse H (FEN has B and N).
  english: {
    K: 'K', A: 'A', B: 'E', N: 'H', R: 'R', C: 'C', P: 'P', X: 'X',
    k: 'k', a: 'a', b: 'e', n: 'h', r: 'r', c: 'c', p: 'p', x: 'x',
  },
};

// Mirrors MoveKind::chinese() in core/src/law/kinds.rs.
const KINDS = {
  check: '将', mate_threat: '杀', chase: '捉', exchange_offer: '兑',
  offer: '献', block: '拦', follow: '跟', idle: '闲',
};

const FILES = 'abcdefghi';
const START_FEN = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
const LABELS_KEY = 'xqr.labels';
const SQUARE_RE = /^[a-i][0-9]$/;

const state = {
  rulesets: [],       // GET /api/rulesets
  input: null,        // the game input of the loaded game
  fromPgn: false,
  game: null,         // POST /api/game
  gameId: 0,          // bumped on every load, to drop late answers about an older game
  verdicts: [],       // POST /api/compare
  forbidden: [],      // POST /api/forbidden, for the current ply
  ply: 0,
  focus: null,        // ruleset whose loop, kinds and targets are highlighted
  selected: null,     // square of the selected piece
  legal: new Map(),   // ply -> legal ICCS moves of the position after that ply
  labels: 'chinese',
  tagsDropped: false, // the game began as a PGN and was replayed as FEN + moves
};

// ---------- small helpers ----------

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'class') e.className = v;
    else e.setAttribute(k, v === true ? '' : String(v));
  }
  e.append(...children.filter((c) => c !== null && c !== undefined && c !== false).map((c) => (c instanceof Node ? c : String(c))));
  return e;
}

const human = (name) => String(name).replace(/_/g, ' ');
const sideName = (side) => (side === 'red' ? 'Red' : side === 'black' ? 'Black' : String(side));
const clamp = (n, lo, hi) => Math.max(lo, Math.min(hi, n));
const rulesetInfo = (id) => state.rulesets.find((r) => r.id === id);
const checkedRulesets = () => $$('input[type=checkbox][name=ruleset]:checked').map((b) => b.value);
const english = () => state.labels === 'english';
const plyCount = () => (state.game ? state.game.plies.length : 0);
const movesUpTo = (n) => state.game.plies.slice(0, n).map((p) => p.iccs);

function showError(err) {
  const box = $('#error');
  box.textContent = err ? String(err.message || err) : '';
  box.hidden = !err;
}

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  };
  const res = await fetch(path, init);
  let data = null;
  try { data = await res.json(); } catch (_) { /* not JSON: reported below */ }
  if (!res.ok) throw new Error(data && data.error ? data.error : `${path}: HTTP ${res.status} ${res.statusText}`);
  if (data === null) throw new Error(`${path}: the answer is not JSON`);
  return data;
}

function toBase64(buffer) {
  const bytes = new Uint8Array(buffer);
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    bin += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(bin);
}

// ---------- rulesets ----------

async function loadRulesets() {
  const list = $('#ruleset-list');
  try {
    state.rulesets = await api('/api/rulesets');
  } catch (e) {
    list.textContent = 'unavailable';
    showError(e);
    return;
  }
  list.textContent = '';
  for (const r of state.rulesets) {
    const box = el('input', { type: 'checkbox', name: 'ruleset', value: r.id });
    box.checked = r.origin === 'static';
    const tip = [r.name, r.extends ? `extends ${r.extends}` : null, r.rule_source].filter(Boolean).join('\n');
    list.append(el('label', { class: 'ruleset', title: tip }, box, ` ${r.id} `, el('span', { class: 'origin' }, r.origin)));
  }
  renderOrigins();
  updateFocusOptions();
}

function renderOrigins() {
  const groups = {};
  for (const r of state.rulesets) (groups[r.origin] = groups[r.origin] || []).push(r.id);
  const parts = ['static', 'overlay', 'plugin'].concat(Object.keys(groups).filter((o) => !['static', 'overlay', 'plugin'].includes(o)))
    .map((o) => `${o}: ${groups[o] ? groups[o].join(', ') : 'none'}`);
  $('#ruleset-origins').textContent = parts.join('; ');
}

function updateFocusOptions() {
  const select = $('#focus-ruleset');
  const ids = state.verdicts.length ? state.verdicts.filter((v) => !v.error).map((v) => v.ruleset) : checkedRulesets();
  if (!ids.includes(state.focus)) state.focus = ids[0] || null;
  select.textContent = '';
  for (const id of ids) select.append(el('option', { value: id }, id));
  select.value = state.focus || '';
}

const focusVerdict = () => state.verdicts.find((v) => v.ruleset === state.focus && !v.error);

// ---------- input ----------

function splitMoves(text) {
  return text.split(/[\s,]+/).filter((t) => t && !/^\d+\.+$/.test(t));
}

// The input the panel describes now: a file beats pasted text, which beats FEN + moves.
async function readInput() {
  const game = Math.max(1, parseInt($('#game-number').value, 10) || 1);
  const file = $('#pgn-file').files[0];
  if (file) {
    return { input: { pgn_base64: toBase64(await file.arrayBuffer()), game }, fromPgn: true };
  }
  const pgn = $('#pgn').value;
  if (pgn.trim()) return { input: { pgn, game }, fromPgn: true };
  const input = { moves: splitMoves($('#moves').value) };
  const fen = $('#fen').value.trim();
  if (fen) input.fen = fen;
  return { input, fromPgn: false };
}

function updateSourceNote() {
  const file = $('#pgn-file').files[0];
  let text = 'Load reads the FEN and moves.';
  if (file) text = `Load reads the file ${file.name} (clear it to use the fields).`;
  else if ($('#pgn').value.trim()) text = 'Load reads the pasted PGN (empty it to use FEN and moves).';
  $('#source-note').textContent = text;
}

// ---------- loading and judging ----------

let loadSeq = 0;
let judgeSeq = 0;

async function load() {
  const seq = ++loadSeq;
  showError(null);
  showVerdictsPending('Loading…');
  document.body.classList.add('busy');
  try {
    const source = await readInput();
    // The server replays a position with hidden pieces under Jieqi, any other under the 1999 rules.
    const game = await api('/api/game', source.input);
    if (seq !== loadSeq) return;
    Object.assign(state, {
      game, input: source.input, fromPgn: source.fromPgn,
      gameId: state.gameId + 1, verdicts: [], forbidden: [], selected: null,
      legal: new Map([[game.plies.length, game.legal || []]]), ply: game.plies.length,
    });
    if (source.fromPgn) state.tagsDropped = false;
    setPlayNote('');
    hideReveal();
    renderGameInfo();
    buildMoveList();
    renderPosition();
    await judge();
  } catch (e) {
    if (seq !== loadSeq) return;
    showError(e);
    renderVerdicts();
  } finally {
    if (seq === loadSeq) document.body.classList.remove('busy');
  }
}

async function judge() {
  if (!state.game) return;
  const seq = ++judgeSeq;
  const rulesets = checkedRulesets();
  if (!rulesets.length) {
    showError('Choose at least one ruleset.');
    renderVerdicts();
    return;
  }
  showVerdictsPending('Judging…');
  const body = { ...state.input, rulesets, all_plies: true, claim: $('#claim').value };
  try {
    const verdicts = await api('/api/compare', body);
    if (seq !== judgeSeq) return;
    state.verdicts = Array.isArray(verdicts) ? verdicts : [];
    updateFocusOptions();
    renderVerdicts();
    buildMoveList();
    renderPosition();
  } catch (e) {
    if (seq !== judgeSeq) return;
    showError(e);
    renderVerdicts();
  }
}

// The Judge button: judges the loaded game, or loads first when the panel now describes another one.
async function onJudge() {
  showError(null);
  if (!checkedRulesets().length) {
    showError('Choose at least one ruleset.');
    return;
  }
  showVerdictsPending('Judging…');
  let source = null;
  try { source = await readInput(); } catch (_) { /* load() reports it */ }
  if (!state.game || !source || JSON.stringify(source.input) !== JSON.stringify(state.input)) return load();
  return judge();
}

// ---------- game info ----------

function renderGameInfo() {
  const g = state.game;
  $('#game-label').textContent = g.label || 'Game';
  $('#game-count').textContent = state.fromPgn ? `of ${g.games}` : '';
  const t = g.tags || {};
  const parts = [];
  if (t.Red || t.Black) parts.push(`${t.Red || '?'} – ${t.Black || '?'}`);
  for (const k of ['Event', 'Date', 'Result']) if (t[k] && t[k] !== g.label) parts.push(`${k}: ${t[k]}`);
  $('#tags').textContent = parts.join(' · ');
}

// ---------- verdicts ----------

function gotoPlyOf(v) {
  if (v.decided_at_ply != null) return v.decided_at_ply;
  if (v.pending && v.loop) return v.loop.last_ply;
  if (v.claims && v.claims.length) return v.claims[0].ply;
  return null;
}

function resultMeaning(result) {
  return { '1-0': 'Red wins', '0-1': 'Black wins', '1/2-1/2': 'draw', '*': 'undecided' }[result] || '';
}

function loopText(loop) {
  return `Loop: plies ${loop.first_ply}–${loop.last_ply}, ${loop.repetitions} times; ` +
    `red: ${human(loop.red)}, black: ${human(loop.black)}`;
}

function claimsBlock(claims) {
  const list = claims || [];
  const box = el('div', { class: 'claims' }, `Claims: ${list.length}`);
  if (!list.length) return box;
  const ul = el('ul');
  for (const c of list) {
    const until = c.until_ply != null && c.until_ply !== c.ply ? `–${c.until_ply}` : '';
    ul.append(el('li', { title: c.explanation || '' },
      `ply ${c.ply}${until}: ${c.claimant} → ${c.result}`,
      c.termination ? ` ${human(c.termination)}` : '', c.rule ? ` (${c.rule})` : ''));
  }
  box.append(el('details', {}, el('summary', {}, 'show'), ul));
  return box;
}

function verdictCard(v) {
  const info = rulesetInfo(v.ruleset);
  const card = el('article', { class: 'verdict', 'data-ruleset': v.ruleset },
    el('h3', { title: info ? info.name : '' }, v.ruleset, info ? el('span', { class: 'origin' }, ` ${info.origin}`) : null));
  if (v.error) {
    card.classList.add('failed');
    card.append(el('div', { class: 'result' }, v.unsupported ? 'unsupported' : 'error'),
      el('p', { class: 'explanation' }, v.error));
    return card;
  }
  card.dataset.result = v.result;
  if (v.termination) card.dataset.termination = v.termination;
  const pending = v.pending ? `pending: ${v.pending.must_change} must change` : '';
  const ruleText = v.rule || (v.pending && v.pending.rule ? `order: ${v.pending.rule}` : '—');
  const target = gotoPlyOf(v);
  const go = el('button', { type: 'button', class: 'goto', hidden: target == null, 'data-ply': target },
    target == null ? 'Go to ply' : `Go to ply ${target}`);
  go.addEventListener('click', () => {
    setFocus(v.ruleset);
    goTo(target);
  });
  card.append(
    el('div', { class: 'result-line' },
      el('span', { class: `result r-${v.result === '1/2-1/2' ? 'draw' : v.result === '*' ? 'open' : 'win'}` }, v.result),
      el('span', { class: 'meaning' }, ` ${resultMeaning(v.result)}`)),
    el('div', { class: 'termination' }, v.termination ? human(v.termination) : pending || 'no termination'),
    el('div', { class: 'rule' }, ruleText),
    el('p', { class: 'explanation' }, v.explanation || ''),
    v.loop ? el('div', { class: 'loop-summary' }, loopText(v.loop)) : el('div', { class: 'loop-summary' }, 'No loop'),
    claimsBlock(v.claims),
    go);
  return card;
}

// Cleared at once when a load or judgement starts, so that what the panel shows is never stale.
function showVerdictsPending(text) {
  const box = $('#verdicts');
  box.textContent = '';
  box.append(el('p', { class: 'note' }, text));
  box.setAttribute('aria-busy', 'true');
}

function renderVerdicts() {
  const box = $('#verdicts');
  box.textContent = '';
  box.removeAttribute('aria-busy');
  if (!state.verdicts.length) {
    box.append(el('p', { class: 'note' }, state.game ? 'No verdicts.' : 'Load a game to see the rulings.'));
    return;
  }
  for (const v of state.verdicts) box.append(verdictCard(v));
  markFocusCard();
}

function markFocusCard() {
  for (const card of $$('#verdicts .verdict')) card.classList.toggle('focus', card.dataset.ruleset === state.focus);
}

function setFocus(id) {
  state.focus = id;
  $('#focus-ruleset').value = id;
  markFocusCard();
  buildMoveList();
  renderPosition();
}

// ---------- move list ----------

function moveText(p) {
  return english() ? p.iccs : p.chinese || p.wxf || p.iccs;
}

function kindText(kind) {
  const zh = KINDS[kind];
  if (!zh) return human(kind);
  return english() ? `${human(kind)} (${zh})` : `${zh} (${human(kind)})`;
}

function kindBadge(kind) {
  const zh = KINDS[kind] || human(kind);
  return el('span', { class: `kind k-${kind}`, title: english() ? zh : human(kind) }, english() ? human(kind) : zh);
}

function buildMoveList() {
  const list = $('#move-list');
  list.textContent = '';
  if (!state.game) return;
  const v = focusVerdict();
  const classes = new Map(v ? (v.plies || []).map((c) => [c.ply, c]) : []);
  list.append(el('li', { 'data-ply': 0, class: 'start', tabindex: 0 }, 'start'));
  for (const p of state.game.plies) {
    const li = el('li', { 'data-ply': p.ply, class: p.side, tabindex: 0, title: `${p.iccs} · ${p.wxf} · ${p.chinese}` },
      el('span', { class: 'num' }, p.side === 'red' ? `${plyNumber(p)}.` : `${plyNumber(p)}…`),
      ` ${moveText(p)} `);
    const c = classes.get(p.ply);
    if (c) for (const k of (c.kinds || []).filter((k) => k !== 'idle')) li.append(kindBadge(k));
    list.append(li);
  }
  markMoveList();
}

// Move numbers count from the first red move; a record starting with black begins at 1… .
function plyNumber(p) {
  const first = state.game.plies[0];
  const offset = first && first.side === 'black' ? 1 : 0;
  return Math.floor((p.ply - 1 + offset) / 2) + 1;
}

function markMoveList() {
  const v = focusVerdict();
  const loop = v && v.loop;
  for (const li of $$('#move-list li')) {
    const n = Number(li.dataset.ply);
    li.classList.toggle('current', n === state.ply);
    li.classList.toggle('loop', !!loop && n >= loop.first_ply && n <= loop.last_ply);
  }
  scrollIntoList($('#move-list li.current'));
}

// Scrolls the move list only (scrollIntoView would scroll the page as well).
function scrollIntoList(li) {
  const list = $('#move-list');
  if (!li) return;
  const top = li.offsetTop;
  const bottom = top + li.offsetHeight;
  if (top < list.scrollTop) list.scrollTop = top;
  else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
}

// ---------- stepping ----------

function goTo(n) {
  if (!state.game || n == null) return;
  hideReveal();
  state.ply = clamp(n, 0, plyCount());
  state.selected = null;
  renderPosition();
}

function renderPosition() {
  const n = state.ply;
  const m = plyCount();
  $('#ply-label').textContent = `ply ${n} / ${m}`;
  $('#first').disabled = $('#prev').disabled = n === 0;
  $('#next').disabled = $('#last').disabled = n >= m;
  $('#undo').disabled = m === 0;
  markMoveList();
  renderBoard();
  renderPlyKinds();
  scheduleForbidden();
}

function onKey(ev) {
  if (ev.target.closest('input, textarea, select') || ev.altKey || ev.ctrlKey || ev.metaKey) return;
  if (ev.key === 'Escape' && state.selected) {
    state.selected = null;
    hideReveal();
    renderBoard();
    return;
  }
  const to = { ArrowLeft: state.ply - 1, ArrowRight: state.ply + 1, Home: 0, End: plyCount() }[ev.key];
  if (to === undefined || !state.game) return;
  ev.preventDefault();
  goTo(to);
}

// ---------- board ----------

const S = 50;                 // distance between points
const M = 44;                 // margin around the grid
const W = 2 * M + 8 * S;
const H = 2 * M + 9 * S;

const px = (file) => M + file * S;
const py = (rank) => M + (9 - rank) * S;
const sqXY = (sq) => [px(FILES.indexOf(sq[0])), py(Number(sq[1]))];
const sideOf = (piece) => (piece === piece.toUpperCase() ? 'red' : 'black');

function parseFen(fen) {
  const [board, side] = fen.trim().split(/\s+/);
  const squares = new Map();
  board.split('/').forEach((row, i) => {
    let file = 0;
    for (const ch of row) {
      if (/[0-9]/.test(ch)) file += Number(ch);
      else squares.set(FILES[file++] + (9 - i), ch);
    }
  });
  return { squares, toMove: side === 'b' ? 'black' : 'red' };
}

const fenAt = (n) => (n === 0 ? state.game.fen : state.game.plies[n - 1].fen);

function line(x1, y1, x2, y2, cls = 'grid') {
  return `<line class="${cls}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>`;
}

function gridSvg() {
  let s = `<rect class="wood" x="0" y="0" width="${W}" height="${H}" rx="6"/>`;
  s += `<rect class="frame" x="${M - 6}" y="${M - 6}" width="${8 * S + 12}" height="${9 * S + 12}"/>`;
  for (let r = 0; r <= 9; r++) s += line(px(0), py(r), px(8), py(r));
  for (let f = 0; f <= 8; f++) {
    if (f === 0 || f === 8) s += line(px(f), py(9), px(f), py(0));
    else s += line(px(f), py(9), px(f), py(5)) + line(px(f), py(4), px(f), py(0));
  }
  for (const [a, b] of [[0, 2], [7, 9]]) {
    s += line(px(3), py(a), px(5), py(b)) + line(px(5), py(a), px(3), py(b));
  }
  const riverY = (py(4) + py(5)) / 2;
  const river = english() ? ['river', 'river'] : ['楚 河', '漢 界'];
  s += `<text class="river" x="${px(2)}" y="${riverY}">${river[0]}</text>`;
  s += `<text class="river" x="${px(6)}" y="${riverY}">${river[1]}</text>`;
  for (let f = 0; f <= 8; f++) s += `<text class="coord" x="${px(f)}" y="${H - 8}">${FILES[f]}</text>`;
  for (let r = 0; r <= 9; r++) s += `<text class="coord" x="10" y="${py(r)}">${r}</text>`;
  return s;
}

function pieceSvg(sq, piece) {
  const [x, y] = sqXY(sq);
  const label = PIECES[state.labels][piece] || piece;
  const hidden = piece === 'X' || piece === 'x' ? ' hidden-piece' : '';
  return `<g class="piece ${sideOf(piece)}${hidden}" data-piece="${piece}" data-at="${sq}" transform="translate(${x} ${y})">` +
    `<circle r="${S * 0.44}"/><circle class="inner" r="${S * 0.37}"/>` +
    `<text class="${english() ? 'latin' : 'cjk'}">${label}</text></g>`;
}

function markSquare(sq, cls) {
  const [x, y] = sqXY(sq);
  const h = S * 0.49;
  return `<rect class="${cls}" x="${x - h}" y="${y - h}" width="${2 * h}" height="${2 * h}" rx="4"/>`;
}

function ring(sq, cls, r) {
  const [x, y] = sqXY(sq);
  return `<circle class="${cls}" cx="${x}" cy="${y}" r="${r}"/>`;
}

function currentTargets() {
  const v = focusVerdict();
  const c = v && state.ply > 0 ? (v.plies || []).find((p) => p.ply === state.ply) : null;
  return c ? (c.targets || []).filter((t) => SQUARE_RE.test(t)) : [];
}

function forbiddenOfFocus() {
  const row = state.forbidden.find((r) => r.ruleset === state.focus);
  return row && row.forbidden ? row.forbidden : [];
}

// The SVG is built once; renders replace the layers' content only, so the points that take the
// clicks (rect.hit[data-square]) stay the same elements for the page's whole life.
function buildBoard() {
  let hits = '';
  for (let f = 0; f <= 8; f++) {
    for (let r = 0; r <= 9; r++) {
      const sq = FILES[f] + r;
      hits += `<rect class="hit" data-square="${sq}" x="${px(f) - S / 2}" y="${py(r) - S / 2}" ` +
        `width="${S}" height="${S}"><title>${sq}</title></rect>`;
    }
  }
  $('#board').innerHTML = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" role="group">` +
    '<g class="layer-grid"></g><g class="layer-marks"></g><g class="layer-pieces"></g>' +
    `<g class="layer-over"></g><g class="layer-hits">${hits}</g></svg>`;
}

function renderBoard() {
  const svg = $('#board svg');
  const pos = parseFen(state.game ? fenAt(state.ply) : START_FEN);
  const layer = (name) => svg.querySelector(`.layer-${name}`);
  layer('grid').innerHTML = gridSvg();
  let marks = '';
  if (state.game && state.ply > 0) {
    const mv = state.game.plies[state.ply - 1].iccs;
    marks += markSquare(mv.slice(0, 2), 'last-from') + markSquare(mv.slice(2, 4), 'last-to');
  }
  if (state.selected) marks += markSquare(state.selected, 'selected');
  layer('marks').innerHTML = marks;
  let pieces = '';
  for (const [sq, piece] of pos.squares) pieces += pieceSvg(sq, piece);
  layer('pieces').innerHTML = pieces;
  let over = '';
  for (const t of currentTargets()) over += ring(t, 'target', S * 0.5);
  if (state.selected) {
    const banned = new Set(forbiddenOfFocus().map((f) => f.move));
    for (const mv of state.legal.get(state.ply) || []) {
      if (mv.slice(0, 2) !== state.selected) continue;
      const to = mv.slice(2, 4);
      over += ring(to, banned.has(mv) ? 'dest banned' : 'dest', pos.squares.has(to) ? S * 0.47 : S * 0.12);
    }
  }
  layer('over').innerHTML = over;
  for (const hit of layer('hits').children) {
    const sq = hit.dataset.square;
    const piece = pos.squares.get(sq);
    hit.firstChild.textContent = piece ? `${sideOf(piece)} ${PIECES.english[piece].toUpperCase()} on ${sq}` : sq;
    hit.classList.toggle('occupied', !!piece);
  }
  const toMove = state.game ? `${sideName(pos.toMove)} to move` : 'start position';
  svg.setAttribute('aria-label', `Board after ply ${state.ply}: ${toMove}`);
  $('#board').dataset.ply = state.ply;
}

// ---------- playing ----------

async function ensureLegal(n) {
  if (state.legal.has(n)) return;
  const id = state.gameId;
  try {
    const g = await api('/api/game', { fen: state.game.fen, moves: movesUpTo(n) });
    if (id !== state.gameId) return;
    state.legal.set(n, g.legal || []);
    if (state.ply === n) renderBoard();
  } catch (e) {
    showError(e);
  }
}

function onBoardClick(ev) {
  const hit = ev.target.closest('[data-square]');
  if (!hit || !state.game) return;
  clickSquare(hit.dataset.square);
}

function clickSquare(sq) {
  const pos = parseFen(fenAt(state.ply));
  const piece = pos.squares.get(sq);
  const own = piece && sideOf(piece) === pos.toMove;
  if (state.selected && !own) {
    const move = state.selected + sq;
    const legal = state.legal.get(state.ply);
    state.selected = null;
    if (legal && !legal.includes(move)) {
      setPlayNote(`${move} is not a legal move here.`);
      renderBoard();
      return;
    }
    const mover = pos.squares.get(move.slice(0, 2));
    if (mover === 'X' || mover === 'x') askReveal(move, fenAt(state.ply), sideOf(mover));
    else playMove(move);
    return;
  }
  hideReveal();
  state.selected = own && sq !== state.selected ? sq : null;
  renderBoard();
  if (state.selected) ensureLegal(state.ply);
}

// Jieqi: a hidden piece that moves must say what it turns out to be (h2e2C). The choices are
// the identities still hidden for that side (the FEN's third field, e.g. A2B2N2R2C2P5a2b2…).
function revealChoices(fen, side) {
  const pool = fen.trim().split(/\s+/)[2] || '';
  const counts = {};
  for (const m of pool.matchAll(/([A-Za-z])(\d*)/g)) counts[m[1]] = Number(m[2] || 1);
  const letters = side === 'red' ? 'ARBNCP' : 'arbncp';
  const known = Object.keys(counts).length > 0;
  return [...letters].filter((l) => !known || counts[l] > 0);
}

function askReveal(move, fen, side) {
  const box = $('#reveal');
  box.textContent = '';
  box.append(el('span', {}, `${move}: the hidden piece turns out to be `));
  for (const letter of revealChoices(fen, side)) {
    const b = el('button', { type: 'button', 'data-reveal': letter, class: `reveal ${side}`, title: PIECES.english[letter] },
      PIECES[state.labels][letter]);
    b.addEventListener('click', () => {
      hideReveal();
      playMove(move + letter);
    });
    box.append(b, ' ');
  }
  const cancel = el('button', { type: 'button', class: 'cancel' }, 'Cancel');
  cancel.addEventListener('click', hideReveal);
  box.append(cancel);
  box.hidden = false;
  box.querySelector('button').focus();
}

function hideReveal() {
  $('#reveal').hidden = true;
  $('#reveal').textContent = '';
}

function setPlayNote(text) {
  const dropped = state.tagsDropped ? 'Now playing from FEN + moves: the PGN tags (players, event, result) are dropped.' : '';
  $('#play-note').textContent = [text, dropped].filter(Boolean).join(' ');
}

function switchToMoves(moves) {
  if (state.fromPgn) state.tagsDropped = true;
  $('#fen').value = state.game.fen;
  $('#moves').value = moves.join(' ');
  $('#pgn').value = '';
  $('#pgn-file').value = '';
  setPlayNote('');
  updateSourceNote();
}

function playMove(move) {
  switchToMoves(movesUpTo(state.ply).concat(move));
  return load();
}

function undo() {
  if (!state.game || !plyCount()) return;
  switchToMoves(movesUpTo(plyCount() - 1));
  return load();
}

// ---------- the current ply: kinds, targets, notes ----------

function plyRow(v, n) {
  const row = el('div', { class: `ply-row${v.ruleset === state.focus ? ' focus' : ''}`, 'data-ruleset': v.ruleset },
    el('span', { class: 'rs' }, v.ruleset), ' ');
  if (v.error) {
    row.append(el('span', { class: 'note' }, 'not judged'));
    return row;
  }
  const c = (v.plies || []).find((p) => p.ply === n);
  if (!c) {
    row.append(el('span', { class: 'note' }, 'no classification'));
    return row;
  }
  const kinds = el('span', { class: 'kinds' });
  for (const k of c.kinds || []) kinds.append(el('span', { class: `kind k-${k}`, 'data-kind': k }, kindText(k)), ' ');
  row.append(kinds);
  if (c.targets && c.targets.length) row.append(el('span', { class: 'targets' }, `targets: ${c.targets.join(', ')}`));
  if (c.notes && c.notes.length) row.append(el('ul', { class: 'notes' }, ...c.notes.map((t) => el('li', {}, t))));
  return row;
}

function renderPlyKinds() {
  const box = $('#ply-kinds');
  box.textContent = '';
  if (!state.game) return;
  const n = state.ply;
  if (n === 0) {
    box.append(el('p', { class: 'note' }, 'Start position: no move yet.'));
    return;
  }
  const p = state.game.plies[n - 1];
  box.append(el('p', { class: 'ply-head' }, `Ply ${n}: ${sideName(p.side)} ${moveText(p)}`,
    el('span', { class: 'note' }, ` (${p.iccs}, ${p.wxf})`)));
  for (const v of state.verdicts) box.append(plyRow(v, n));
}

// ---------- forbidden moves of the current position ----------

let forbiddenTimer = 0;
let forbiddenSeq = 0;

function scheduleForbidden() {
  clearTimeout(forbiddenTimer);
  const box = $('#forbidden');
  if (!state.game) {
    box.textContent = '';
    return;
  }
  box.classList.add('stale');
  state.forbidden = [];
  forbiddenTimer = setTimeout(fetchForbidden, 150);
}

async function fetchForbidden() {
  const seq = ++forbiddenSeq;
  const n = state.ply;
  const id = state.gameId;
  const rulesets = state.verdicts.length ? state.verdicts.map((v) => v.ruleset) : checkedRulesets();
  if (!rulesets.length) return;
  try {
    const rows = await api('/api/forbidden', { fen: state.game.fen, moves: movesUpTo(n), rulesets });
    if (seq !== forbiddenSeq || id !== state.gameId || n !== state.ply) return;
    state.forbidden = Array.isArray(rows) ? rows : [];
    renderForbidden(n);
    if (state.selected) renderBoard();
  } catch (e) {
    if (seq !== forbiddenSeq) return;
    $('#forbidden').classList.remove('stale');
    showError(e);
  }
}

function statusText(st) {
  if (!st) return '';
  if (st.status === 'decided') {
    const e = st.end || {};
    return `decided: ${e.result || ''} ${e.termination ? human(e.termination) : ''}${e.rule ? ` (${e.rule})` : ''}`;
  }
  let s = `${sideName(st.to_move)} to move`;
  const o = st.obligation;
  if (o && o.ruling === 'pending') s += `; ${o.must_change} must change (${o.rule})`;
  else if (o && o.ruling === 'draw_pending') s += `; draw due at ply ${o.due_ply} (${o.rule})`;
  return s;
}

function forbiddenRow(row) {
  const box = el('div', { class: `forbidden-row${row.ruleset === state.focus ? ' focus' : ''}`, 'data-ruleset': row.ruleset },
    el('span', { class: 'rs' }, row.ruleset), ' ');
  if (row.error) {
    box.append(el('span', { class: 'note' }, row.error));
    return box;
  }
  box.append(el('span', { class: 'status' }, statusText(row.status)));
  const list = row.forbidden || [];
  if (!list.length) {
    box.append(' · ', el('span', { class: 'none' }, 'none'));
    return box;
  }
  const ul = el('ul');
  for (const f of list) {
    ul.append(el('li', { 'data-move': f.move },
      el('code', {}, f.move), ' ',
      el('span', { class: `consequence c-${f.consequence}` }, human(f.consequence)), ' ',
      el('span', { class: 'rule' }, f.rule || ''),
      el('div', { class: 'explanation' }, f.explanation || '')));
  }
  box.append(ul);
  return box;
}

function renderForbidden(n) {
  const box = $('#forbidden');
  box.textContent = '';
  box.classList.remove('stale');
  box.dataset.ply = n;
  for (const row of state.forbidden) box.append(forbiddenRow(row));
}

// ---------- labels ----------

// Without a CJK font every Chinese character is drawn as the same empty box.
function cjkFontAvailable() {
  try {
    const c = document.createElement('canvas');
    c.width = c.height = 32;
    const g = c.getContext('2d', { willReadFrequently: true });
    g.font = '24px sans-serif';
    g.textBaseline = 'top';
    const draw = (ch) => {
      g.clearRect(0, 0, 32, 32);
      g.fillText(ch, 2, 2);
      return g.getImageData(0, 0, 32, 32).data.join(',');
    };
    return draw('帥') !== draw('將');
  } catch (_) {
    return true;
  }
}

function initLabels() {
  let saved = null;
  try { saved = localStorage.getItem(LABELS_KEY); } catch (_) { /* storage disabled */ }
  state.labels = saved === 'chinese' || saved === 'english' ? saved : cjkFontAvailable() ? 'chinese' : 'english';
  $('#labels').value = state.labels;
  document.body.classList.toggle('labels-english', english());
}

function onLabels() {
  state.labels = $('#labels').value === 'english' ? 'english' : 'chinese';
  try { localStorage.setItem(LABELS_KEY, state.labels); } catch (_) { /* storage disabled */ }
  document.body.classList.toggle('labels-english', english());
  buildMoveList();
  renderPosition();
}

// ---------- wiring ----------

function init() {
  initLabels();
  $('#labels').addEventListener('change', onLabels);
  $('#load').addEventListener('click', load);
  $('#judge').addEventListener('click', onJudge);
  $('#first').addEventListener('click', () => goTo(0));
  $('#prev').addEventListener('click', () => goTo(state.ply - 1));
  $('#next').addEventListener('click', () => goTo(state.ply + 1));
  $('#last').addEventListener('click', () => goTo(plyCount()));
  $('#undo').addEventListener('click', undo);
  $('#focus-ruleset').addEventListener('change', (ev) => setFocus(ev.target.value));
  $('#board').addEventListener('click', onBoardClick);
  $('#move-list').addEventListener('click', (ev) => {
    const li = ev.target.closest('li[data-ply]');
    if (li) goTo(Number(li.dataset.ply));
  });
  $('#move-list').addEventListener('keydown', (ev) => {
    const li = ev.target.closest('li[data-ply]');
    if (li && (ev.key === 'Enter' || ev.key === ' ')) {
      ev.preventDefault();
      goTo(Number(li.dataset.ply));
    }
  });
  $('#pgn').addEventListener('input', () => {
    $('#pgn-file').value = '';
  });
  for (const id of ['#pgn', '#pgn-file', '#fen', '#moves']) {
    const edited = () => {
      state.tagsDropped = false;
      updateSourceNote();
    };
    $(id).addEventListener('input', edited);
    $(id).addEventListener('change', edited);
  }
  $('#ruleset-list').addEventListener('change', () => {
    if (!state.verdicts.length) updateFocusOptions();
  });
  document.addEventListener('keydown', onKey);
  updateSourceNote();
  buildBoard();
  renderPosition();
  loadRulesets();
}

init();
