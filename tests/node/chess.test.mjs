// The chess codes exports of the wasm core under Node: figures checked against the source
// text and against definitions computed here, bad input met with Errors, never traps.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { load, throwsWith } from './core.mjs';

const core = await load('chess');

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

test('every scheme encodes the start position, with the source figures', () => {
  /** @type {import('../../www/js/types.js').ChessPosition} */
  const v = core.chess_analyze_fen(START);
  assert.equal(v.fen, START);
  assert.equal(v.legal_moves, 20);
  const by = Object.fromEntries(v.schemes.map((s) => [s.name, s]));
  assert.deepEqual(Object.keys(by), ['nibble', 'base13', 'base13-pawns', 'huffman', 'piece-list', 'bitboard', 'compact']);
  // The source: 164 bits of Huffman code for the start board (+ 6 bits of state here).
  const boardBits = by.huffman.segments.filter((s) => s.squares.length === 1 && s.label.includes(':')).reduce((a, s) => a + s.len, 0);
  assert.equal(boardBits, 164);
  assert.equal(by.nibble.bits, 64 * 4 + 1);
  for (const s of v.schemes) {
    assert.equal(s.bitstring.length, s.bits);
    assert.ok(s.bits <= s.worst_case, s.name);
    // Segments tile the bitstring.
    let at = 0;
    for (const seg of s.segments) {
      assert.equal(seg.start, at);
      at += seg.len;
    }
    assert.equal(at, s.bits);
    // The code decodes back to the position.
    assert.equal(core.chess_decode(s.name, s.code, false).fen, START);
  }
  // 1 + ⌈log2 4302524815921052591727530968707373540166327273⌉ (the count, recomputed by
  // a separate script; see tests/chess_codes.rs)
  assert.equal(by.compact.worst_case, 153);
});

test('share links round-trip; bad links are errors', () => {
  const fen = 'r3k2r/8/8/8/3pP3/8/8/R3K2R b KQkq e3 0 1';
  const v = core.chess_analyze_fen(fen);
  assert.match(v.link, /^chess\/v2\/[A-Za-z0-9_-]{27}$/); // 153 bits = 20 bytes
  assert.equal(core.chess_from_link(`#${v.link}`).fen, fen);
  throwsWith(assert, () => core.chess_from_link('#chess/v3/AAAA'), /version/);
  // A link of the 156-bit code (version 1, written by commit 659db1f) still opens: 1.e4.
  assert.equal(core.chess_from_link('#chess/v1/zqhRHOAiZA8ayjMQQsEv4JhdpdA').fen, 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
  throwsWith(assert, () => core.chess_from_link('#chess/v2/'), /truncated/);
  throwsWith(assert, () => core.chess_from_link(`#${v.link.slice(0, -4)}`), /ends too early|base64/);
});

test('the editor board: legal or explained', () => {
  const v = core.chess_analyze_fen(START);
  const parts = v.parts;
  assert.equal(parts.board.length, 64);
  assert.equal(parts.board[4], 'K'); // e1
  const ok = core.chess_analyze_parts(parts);
  assert.equal(ok.error, null);
  const noKing = { ...parts, board: parts.board.map((/** @type {string} */ p, /** @type {number} */ i) => (i === 60 ? '' : p)) };
  const bad = core.chess_analyze_parts(noKing);
  assert.match(bad.error, /Black has 0 kings/);
  assert.equal(bad.position, null);
  throwsWith(assert, () => core.chess_analyze_parts({ ...parts, board: ['x'] }), /64 squares/);
  throwsWith(assert, () => core.chess_analyze_parts({ nope: 1 }), /invalid board/);
});

test('games: every scheme round-trips and counts its bits', () => {
  const g = core.chess_game('[Event "t"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *', 0);
  assert.equal(g.sans.length, 6);
  assert.equal(g.fens.length, 7);
  for (const s of /** @type {import('../../www/js/types.js').ChessGameScheme[]} */ (g.schemes)) {
    assert.ok(s.round_trip, s.name);
    assert.equal(s.move_bits.length, 6);
    if (s.name === 'from-to') assert.deepEqual(s.move_bits, [12, 12, 12, 12, 12, 12]);
    if (s.name !== 'arithmetic') assert.equal(s.bits, s.header_bits + s.move_bits.reduce((a, b) => a + b, 0));
  }
  throwsWith(assert, () => core.chess_game('1. e4 e5 2. Ke3 *', 0), /not a legal move/);
  throwsWith(assert, () => core.chess_game('1. e4 *', 3), /no game 4/);
});

test('a game carries its link at every ply, and each opens to that ply', () => {
  const pgn = '[Event "t"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0';
  const g = core.chess_game(pgn, 0);
  assert.equal(g.links.length, 7);
  g.links.forEach((/** @type {string} */ link, /** @type {number} */ ply) => {
    assert.match(link, /^chess-game\/v1\//);
    const back = core.chess_from_link(`#${link}`);
    assert.equal(back.ply, ply);
    assert.deepEqual(back.game.sans, ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6']);
    assert.deepEqual(Object.fromEntries(back.game.tags), { Event: 't', White: 'A', Black: 'B', Result: '1-0' });
    // A game link opens as a game, never as a position (no FEN at the top).
    assert.equal(back.fen, undefined);
  });
  throwsWith(assert, () => core.chess_from_link(`#${g.links[2].slice(0, -4)}`), /garbled/);
  throwsWith(assert, () => core.chess_from_link('#chess-game/v2/AAAA'), /^this link is version 2, newer than the version this build reads \(1\)$/);
});

test('the arithmetic code is the same bits as the native build writes', () => {
  // tests/data/chess-arithmetic-codes.json is checked against the native encoder by
  // tests/chess_games.rs; the wasm encoder, adapting to each game in integers, must agree.
  const root = new URL('../../', import.meta.url);
  const pgn = readFileSync(new URL('tests/data/lichess-2025-05-blitz-sample.pgn', root), 'utf8');
  const fixture = JSON.parse(readFileSync(new URL('tests/data/chess-arithmetic-codes.json', root), 'utf8'));
  assert.ok(fixture.length >= 4);
  for (const { game, code } of fixture) {
    const s = /** @type {import('../../www/js/types.js').ChessGame} */ (core.chess_game(pgn, game)).schemes.find((x) => x.name === 'arithmetic');
    assert.equal(s?.code, code, `game ${game}`);
    assert.ok(s?.round_trip);
  }
});

test('bad codes and FENs are errors, random text never traps', () => {
  throwsWith(assert, () => core.chess_analyze_fen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1'), /7 ranks/);
  throwsWith(assert, () => core.chess_decode('morse', 'AAAA', false), /unknown position scheme/);
  throwsWith(assert, () => core.chess_decode('compact', '***', false), /base64url/);
  throwsWith(assert, () => core.chess_decode('compact', '', false), /paste a code/);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let seed = 1;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < 300; i++) {
    const len = Math.floor(rand() * 60);
    let code = '';
    for (let k = 0; k < len; k++) code += alphabet[Math.floor(rand() * 64)];
    for (const s of ['nibble', 'base13', 'base13-pawns', 'huffman', 'piece-list', 'bitboard', 'compact']) {
      try {
        core.chess_decode(s, code, false);
      } catch (err) {
        assert.ok(err instanceof Error);
        assert.doesNotMatch(err.message, /unreachable|panicked|RuntimeError/);
      }
    }
  }
});

test('the Huffman tree has the 13 codes of the source', () => {
  /** @type {{ path: string, label: string | null }[]} */
  const tree = core.chess_schemes().huffman_tree;
  const leaves = tree.filter((n) => n.label);
  assert.equal(leaves.length, 13);
  const byLabel = Object.fromEntries(leaves.map((n) => [n.label, n.path]));
  assert.equal(byLabel.empty, '0');
  assert.equal(byLabel['white pawn'], '110');
  assert.equal(byLabel['black king'], '101111');
});

test('timing of the wasm encoders (printed for docs/benchmarks.md)', () => {
  const v = core.chess_analyze_fen(START);
  const n = 200;
  let t = performance.now();
  for (let i = 0; i < n; i++) core.chess_analyze_fen(START);
  const analyze = (performance.now() - t) / n;
  t = performance.now();
  for (let i = 0; i < n; i++) core.chess_decode('compact', v.schemes[6].code, false);
  const decode = (performance.now() - t) / n;
  console.log(`wasm: all 7 schemes encoded + view ${analyze.toFixed(3)} ms; compact decode + view ${decode.toFixed(3)} ms`);
  assert.ok(analyze > 0);
});

test('move counters travel as an optional trailer in every scheme', () => {
  const fen = 'r3k2r/8/8/8/8/8/8/R3K2R b Kq - 12 40';
  const schemes = core.chess_schemes().position;
  assert.equal(schemes.length, 7);
  for (const s of schemes) {
    const code = core.chess_code_with_counters(fen, s.name);
    assert.equal(core.chess_decode(s.name, code.code, true).fen, fen, s.name);
    throwsWith(assert, () => core.chess_decode(s.name, code.code, false), /longer|stray|garbled|more|extra/);
  }
  throwsWith(assert, () => core.chess_code_with_counters('8/8/8/8/8/8/8/K6k w - - 101 1', 'nibble'), /halfmove clock/);
});
