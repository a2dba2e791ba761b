/*
 * Reachable squares in C: the reference that benchmarks/bench_reachable.py compares brawl with.
 *
 * The same bounded-cost search and decode as brawl.reachable(...).costs() on one level: king
 * steps costing 1, plus 1 into difficult terrain or an enemy's space, no step into a wall, no
 * diagonal step past a wall's corner; the squares within the budget, with their cheapest cost,
 * leaving out the squares another creature stands on (the start kept). It is Dial's algorithm
 * (a bucket per cost, three in turn as a step costs 1 or 2), it touches only the squares it
 * reaches and resets only those, and it decodes into arrays of x, y and cost.
 *
 * Usage: reachable_ref MAPFILE X Y BUDGET REPEAT
 * MAPFILE holds "WIDTH DEPTH\n" then WIDTH * DEPTH bytes of walls (0/1), then as many of
 * surcharges (0/1), then as many of occupied squares (0/1), row by row. It prints the best time
 * of one query in nanoseconds over 7 runs of REPEAT queries, then one line "x y cost" a square.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int W, D;
static unsigned char *wall, *extra, *occupied;
static int *dist, *touched, *bucket[3], count[3];
static int *out_x, *out_y, *out_c;

static int search(int sx, int sy, int budget) {
    int n_touched = 0, n_out = 0;
    int s = sy * W + sx;
    dist[s] = 0;
    touched[n_touched++] = s;
    count[0] = count[1] = count[2] = 0;
    bucket[0][count[0]++] = s;
    for (int c = 0; c <= budget; c++) {
        int *b = bucket[c % 3];
        int nb = count[c % 3];
        count[c % 3] = 0;
        for (int k = 0; k < nb; k++) {
            int p = b[k];
            if (dist[p] != c) continue;
            int px = p % W, py = p / W;
            for (int dy = -1; dy <= 1; dy++) {
                for (int dx = -1; dx <= 1; dx++) {
                    if (!dx && !dy) continue;
                    int qx = px + dx, qy = py + dy;
                    if (qx < 0 || qy < 0 || qx >= W || qy >= D) continue;
                    int q = qy * W + qx;
                    if (wall[q]) continue;
                    if (dx && dy && (wall[py * W + qx] || wall[qy * W + px])) continue;
                    int nc = c + 1 + extra[q];
                    if (nc > budget) continue;
                    if (dist[q] < 0) {
                        touched[n_touched++] = q;
                    } else if (dist[q] <= nc) {
                        continue;
                    }
                    dist[q] = nc;
                    bucket[nc % 3][count[nc % 3]++] = q;
                }
            }
        }
    }
    for (int k = 0; k < n_touched; k++) {
        int p = touched[k];
        if (p == s || !occupied[p]) {
            out_x[n_out] = p % W;
            out_y[n_out] = p / W;
            out_c[n_out] = dist[p];
            n_out++;
        }
        dist[p] = -1;
    }
    return n_out;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    if (argc != 6) {
        fprintf(stderr, "usage: %s MAPFILE X Y BUDGET REPEAT\n", argv[0]);
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f || fscanf(f, "%d %d", &W, &D) != 2 || fgetc(f) != '\n') {
        fprintf(stderr, "bad map file\n");
        return 2;
    }
    size_t n = (size_t)W * D;
    wall = malloc(n), extra = malloc(n), occupied = malloc(n);
    if (fread(wall, 1, n, f) != n || fread(extra, 1, n, f) != n || fread(occupied, 1, n, f) != n) {
        fprintf(stderr, "short map file\n");
        return 2;
    }
    fclose(f);
    int sx = atoi(argv[2]), sy = atoi(argv[3]), budget = atoi(argv[4]), repeat = atoi(argv[5]);
    dist = malloc(n * sizeof(int));
    touched = malloc(n * sizeof(int));
    out_x = malloc(n * sizeof(int)), out_y = malloc(n * sizeof(int)), out_c = malloc(n * sizeof(int));
    for (int i = 0; i < 3; i++) bucket[i] = malloc((8 * n + 64) * sizeof(int)); /* 8 pushes a square at most */
    for (size_t i = 0; i < n; i++) dist[i] = -1;
    double best = 1e30;
    int found = 0;
    for (int run = 0; run < 7; run++) {
        double t0 = now();
        for (int r = 0; r < repeat; r++) found = search(sx, sy, budget);
        double t = (now() - t0) / repeat;
        if (t < best) best = t;
    }
    printf("%.1f\n", best * 1e9);
    for (int i = 0; i < found; i++) printf("%d %d %d\n", out_x[i], out_y[i], out_c[i]);
    return 0;
}
