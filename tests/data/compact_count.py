# Independent count of the `compact` position enumeration (White to move), written apart
# from src/chess/compact.rs and checked against it in tests/chess_codes.rs.
#
# Rules (src/chess/material.rs): promotions <= missing pawns and <= captures + enemy pawns
# captured; at least 8 - captures - pawns captured (both sides) files with a white pawn below
# a black pawn; castling king and rooks fixed at home; en passant: black pawn on rank 5,
# ranks 6-7 of its file empty, a white pawn beside it on rank 5.
#
# Method (different from the Rust code's): pieces, free kings included, are placed by a
# falling power over factorial products (Tromp's formula in CountChess.hs), exact fractions;
# pawns by per-file generating polynomials multiplied out, with inclusion-exclusion for the
# en-passant capturer (the Rust code uses a suffix table file by file).
#
# Run: python3 tests/data/compact_count.py   (about 2 minutes; per-kind totals on stderr)
# Prints: white to move: 4302524815921052591727530968707373540166327273
import itertools, math, sys
from collections import defaultdict
from fractions import Fraction

def file_configs(ep):
    out = []
    for cfg in itertools.product(range(3), repeat=6):  # idx 0 = rank 2 ... idx 5 = rank 7
        if ep and (cfg[3] != 2 or cfg[4] != 0 or cfg[5] != 0):
            continue
        w = cfg.count(1); b = cfg.count(2)
        opp = any(cfg[i] == 1 and cfg[j] == 2 for i in range(6) for j in range(i+1, 6))
        out.append((w, b, int(opp), cfg[3] == 1))
    return out

def poly_of(configs):
    p = defaultdict(int)
    for w, b, o, _ in configs:
        p[(w, b, o)] += 1
    return p

def mul(p, q):
    r = defaultdict(int)
    for (w1, b1, o1), c1 in p.items():
        for (w2, b2, o2), c2 in q.items():
            if w1 + w2 <= 8 and b1 + b2 <= 8:
                r[(w1+w2, b1+b2, o1+o2)] += c1*c2
    return r

normal = file_configs(False)
P_norm = poly_of(normal)
P_no5 = poly_of([c for c in normal if not c[3]])
P_ep = poly_of(file_configs(True))

def power(p, k):
    r = {(0, 0, 0): 1}
    for _ in range(k):
        r = mul(r, p)
    return r

def layout_poly(ep_file):
    if ep_file is None:
        return power(P_norm, 8)
    nb = [f for f in (ep_file-1, ep_file+1) if 0 <= f < 8]
    rest = power(P_norm, 7 - len(nb))
    allp = mul(mul(rest, P_ep), power(P_norm, len(nb)))
    none = mul(mul(rest, P_ep), power(P_no5, len(nb)))
    return {k: allp[k] - none.get(k, 0) for k in allp}

def tail(poly):
    # t[(w,b,need)] = sum over o >= need
    t = defaultdict(int)
    for (w, b, o), c in poly.items():
        for need in range(0, o+1):
            t[(w, b, need)] += c
    return t

def armies(fixr, fixk):
    # (free pieces incl. a free king, pawns, promotions, men) -> sum of 1/prod factorials
    d = defaultdict(Fraction)
    for p in range(9):
        for q in range(10):
            for r in range(11):
                for b in range(11):
                    for n in range(11):
                        proms = max(q-1,0)+max(r-2,0)+max(b-2,0)+max(n-2,0)
                        if p + proms > 8 or r < fixr:
                            continue
                        free = q + (r-fixr) + b + n + (0 if fixk else 1)
                        men = p + q + r + b + n + 1
                        f = math.factorial(q)*math.factorial(r-fixr)*math.factorial(b)*math.factorial(n)
                        d[(free, p, proms, men)] += Fraction(1, f)
    return d

def fp(n, k):
    r = 1
    for i in range(k):
        r *= n - i
    return r

A = {fr: armies(fr, fr > 0) for fr in range(3)}
tails = {e: tail(layout_poly(e)) for e in [None] + list(range(8))}
total = 0
kinds = {}
for wr in range(3):
    for br in range(3):
        for ep in [None] + list(range(8)):
            fixed = wr + br + (wr > 0) + (br > 0)
            s = Fraction(0)
            t = tails[ep]
            for (wf, wp, wpr, wmen), wm in A[wr].items():
                for (bf, bp, bpr, bmen), bm in A[br].items():
                    caps = 32 - wmen - bmen
                    if caps < 0: continue
                    if wpr > caps + 8 - bp - bpr or bpr > caps + 8 - wp - wpr: continue
                    need = max(0, wp + bp + wpr + bpr - 8 - caps)
                    pw = t.get((wp, bp, need), 0)
                    if pw == 0: continue
                    space = 64 - fixed - (2 if ep is not None else 0) - wp - bp
                    s += wm * bm * pw * fp(space, wf + bf)
            assert s.denominator == 1
            s = int(s)
            mult = (2 if wr == 1 else 1) * (2 if br == 1 else 1)
            kinds[(wr, br, ep)] = s
            total += s * mult
            print(wr, br, ep, s, file=sys.stderr)
print("white to move:", total)
print("log2:", math.log2(total), "bits with side:", 1 + math.ceil(math.log2(total)))
