"""
Reference figures for the experiment statistics tests (results.test.ts and its neighbours).

Computed independently of the TypeScript code: Wilson and Newcombe intervals from their
published formulas in 40-digit arithmetic (mpmath); the Katz interval, the chi-square
(z) test, Fisher's exact test and normal quantiles by SciPy. Not run by the test suite (the
server has no Python): run `python3 reference-values.py` to reproduce the numbers the tests
hold, with mpmath and scipy installed.
"""
from mpmath import mp, mpf, sqrt, erfc, erfinv, nstr
from scipy import stats
from scipy.stats.contingency import relative_risk

mp.dps = 40


def zq(tail):
    """The standard normal z with P(Z > z) = tail."""
    return sqrt(2) * erfinv(1 - 2 * mpf(tail))


def wilson(x, n, z):
    x, n = mpf(x), mpf(n)
    p = x / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return centre - half, centre + half


def newcombe(x1, n1, x2, n2, z):
    l1, u1 = wilson(x1, n1, z)
    l2, u2 = wilson(x2, n2, z)
    p1, p2 = mpf(x1) / n1, mpf(x2) / n2
    d = p1 - p2
    return d - sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), d + sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)


def z_test(x1, n1, x2, n2):
    """Pearson chi-square of the 2x2 table without continuity correction: chi2 = z^2."""
    chi2, p, _, _ = stats.chi2_contingency([[x1, n1 - x1], [x2, n2 - x2]], correction=False)
    return p


def katz(x1, n1, x2, n2, confidence):
    ci = relative_risk(x1, n1, x2, n2).confidence_interval(confidence)
    return ci.low - 1, ci.high - 1


def show(label, *values):
    print(label, ', '.join(nstr(mpf(v), 15) for v in values))


z95 = zq(0.025)
show('z 0.025', z95)
for m in (2, 3, 4):
    show(f'z 0.025/{m}', stats.norm.isf(0.025 / m))

for x, n in [(81, 263), (15, 148), (0, 20), (1, 29), (0, 1), (1, 1), (3, 3), (500_000, 10_000_000), (1, 10_000_000)]:
    show(f'wilson {x}/{n}', *wilson(x, n, z95))

for c in [(56, 70, 48, 80), (9, 10, 3, 10), (5, 56, 0, 29), (0, 10, 0, 20), (0, 10, 0, 10), (10, 10, 0, 20), (10, 10, 0, 10)]:
    show(f'newcombe {c}', *newcombe(*c, z95))

for c in [(62, 1000, 41, 1000), (45, 1000, 41, 1000), (501_500, 10_000_000, 500_000, 10_000_000), (5, 100, 8, 1000)]:
    show(f'z-test p {c}', z_test(*c))
    show(f'katz 95 {c}', *katz(*c, 0.95))
    show(f'newcombe 95 {c}', *newcombe(*c, z95))

for table in ([[3, 1], [1, 3]], [[2, 10], [15, 3]], [[5, 95], [8, 992]], [[0, 5], [5, 0]], [[0, 1000], [4, 996]],
              [[3, 97], [3997, 996003]], [[0, 100], [4000, 996000]], [[30, 2970], [1, 2999]]):
    show(f'fisher {table}', stats.fisher_exact(table).pvalue)

# An activity with control A and three challengers (m = 3) on one goal.
z3 = zq(mpf('0.025') / 3)
for c in [(62, 1000, 41, 1000), (45, 1000, 41, 1000), (0, 1000, 41, 1000)]:
    show(f'm=3 z-test p*3 {c}', min(1, 3 * z_test(*c)))
    show(f'm=3 newcombe {c}', *newcombe(*c, z3))
    if c[0] > 0:
        show(f'm=3 katz {c}', *katz(*c, 1 - 0.05 / 3))

# Whole activities for results.test.ts.
for x, n in [(41, 1000), (62, 1000), (45, 1000), (0, 1000), (30, 1000), (8, 1000), (5, 100)]:
    show(f'wilson {x}/{n}', *wilson(x, n, z95))
c = (30, 1000, 0, 1000)
show(f'control zero: z-test p {c}', z_test(*c))
show(f'control zero: newcombe 95 {c}', *newcombe(*c, z95))
