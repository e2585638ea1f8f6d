/**
 * One abstract motif per category, so each section's pictures share a visual idea: a horizon for
 * the news, a hemicycle for politics, rising bars for the economy, rhythm for culture, motion for
 * sport, a sunrise for success stories, speech bubbles for opinion. Plain shapes only.
 */

export type Rand = () => number;
export interface Palette {
  sky: [string, string];
  accents: [string, string, string, string];
}
export type Motif = (r: Rand, p: Palette, W: number, H: number) => string;

const between = (r: Rand, min: number, max: number) => Math.round(min + (max - min) * r());

const horizon: Motif = (r, p, W, H) => {
  const sun = `<circle cx="${between(r, 200, W - 200)}" cy="${between(r, 150, 260)}" r="${between(r, 80, 140)}" fill="${p.accents[0]}" opacity="0.95"/>`;
  let hills = '';
  for (let i = 0; i < 4; i++) {
    const base = H * (0.5 + i * 0.1);
    const y = () => Math.round(base + between(r, -50, 50));
    const fill = p.accents[(i + 1) % 4];
    hills += `<path d="M0,${y()} Q${between(r, 150, 450)},${y() - 80} ${W / 2},${y()} T${W},${y()} L${W},${H} L0,${H} Z" fill="${fill}" opacity="${0.55 + i * 0.12}"/>`;
  }
  return sun + hills;
};

const hemicycle: Motif = (r, p, W, H) => {
  const cx = W / 2 + between(r, -120, 120);
  const cy = H - 40;
  let out = `<rect x="${cx - 60}" y="${cy - 70}" width="120" height="70" fill="${p.accents[2]}" opacity="0.8"/>`;
  for (let k = 0; k < 7; k++) {
    const rad = 150 + k * 55;
    const colour = p.accents[k % 2 === 0 ? 0 : 1];
    out += `<path d="M${cx - rad},${cy} A${rad},${rad} 0 0 1 ${cx + rad},${cy}" fill="none" stroke="${colour}" stroke-width="30" stroke-dasharray="${between(r, 14, 24)} 10" opacity="${0.5 + 0.07 * k}"/>`;
  }
  for (let i = 0; i < 3; i++) {
    const x = between(r, 0, W);
    out += `<path d="M${x},0 L${x + 160},0 L${cx + 40},${cy - 80} L${cx - 40},${cy - 80} Z" fill="${p.accents[2]}" opacity="0.07"/>`;
  }
  return out;
};

const growth: Motif = (r, p, W, H) => {
  const n = between(r, 9, 13);
  const slot = (W - 160) / n;
  let out = '';
  const points: string[] = [];
  for (let i = 0; i < n; i++) {
    const h = Math.round((H - 160) * (0.2 + (0.7 * i) / n) + between(r, -40, 40));
    const x = Math.round(80 + i * slot);
    const y = H - 40 - h;
    out += `<rect x="${x}" y="${y}" width="${Math.round(slot * 0.62)}" height="${h}" rx="8" fill="${p.accents[i % 2 === 0 ? 1 : 3]}" opacity="0.75"/>`;
    points.push(`${x + Math.round(slot * 0.31)},${y - 30}`);
  }
  out += `<polyline points="${points.join(' ')}" fill="none" stroke="${p.accents[0]}" stroke-width="8" stroke-linejoin="round"/>`;
  return out + points.map((pt) => `<circle cx="${pt.split(',')[0]}" cy="${pt.split(',')[1]}" r="11" fill="${p.accents[0]}"/>`).join('');
};

const rhythm: Motif = (r, p, W, H) => {
  let out = '';
  for (let c = 0; c < 3; c++) {
    const [cx, cy] = [between(r, 150, W - 150), between(r, 120, H - 150)];
    for (let k = 6; k > 0; k--) {
      out += `<circle cx="${cx}" cy="${cy}" r="${k * between(r, 18, 32)}" fill="none" stroke="${p.accents[(k + c) % 4]}" stroke-width="${between(r, 6, 14)}" opacity="0.8"/>`;
    }
  }
  // Dotted grid, like the dots of a bogolan cloth.
  for (let x = 40; x < W; x += 60) {
    for (let y = 40; y < H - 60; y += 60) {
      if (r() < 0.35) out += `<circle cx="${x}" cy="${y}" r="5" fill="${p.accents[3]}" opacity="0.5"/>`;
    }
  }
  return out;
};

const motion: Motif = (r, p, W, H) => {
  let out = '';
  for (let i = 0; i < 7; i++) {
    const x = between(r, -200, W);
    const w = between(r, 40, 140);
    out += `<path d="M${x},${H} L${x + w},${H} L${x + w + 420},0 L${x + 420},0 Z" fill="${p.accents[i % 4]}" opacity="${(0.15 + r() * 0.35).toFixed(2)}"/>`;
  }
  const [bx, by, br] = [between(r, 250, W - 250), between(r, 180, H - 220), between(r, 90, 130)];
  out += `<circle cx="${bx}" cy="${by}" r="${br}" fill="${p.accents[0]}"/>`;
  out += `<path d="M${bx - br},${by} Q${bx},${by - br / 2} ${bx + br},${by} M${bx},${by - br} Q${bx + br / 2},${by} ${bx},${by + br}" stroke="${p.accents[1]}" stroke-width="8" fill="none"/>`;
  for (let i = 0; i < 4; i++) {
    const y = by - 60 + i * 40;
    out += `<line x1="${bx - br - 40 - between(r, 80, 260)}" y1="${y}" x2="${bx - br - 30}" y2="${y}" stroke="${p.accents[0]}" stroke-width="8" stroke-linecap="round" opacity="0.7"/>`;
  }
  return out;
};

const sunrise: Motif = (r, p, W, H) => {
  const [cx, cy] = [between(r, 300, W - 300), H - 120];
  let out = '';
  for (let i = 0; i < 16; i++) {
    const a1 = Math.PI + (i * Math.PI) / 16;
    const a2 = a1 + Math.PI / 32;
    const R = W;
    out += `<path d="M${cx},${cy} L${Math.round(cx + R * Math.cos(a1))},${Math.round(cy + R * Math.sin(a1))} L${Math.round(cx + R * Math.cos(a2))},${Math.round(cy + R * Math.sin(a2))} Z" fill="${p.accents[0]}" opacity="0.25"/>`;
  }
  out += `<circle cx="${cx}" cy="${cy}" r="${between(r, 110, 150)}" fill="${p.accents[3]}"/>`;
  // Steps climbing to the right: the climb.
  for (let i = 0; i < 6; i++) {
    out += `<rect x="${W - 620 + i * 100}" y="${H - 80 - (i + 1) * 45}" width="100" height="${(i + 1) * 45 + 40}" fill="${p.accents[1 + (i % 2)]}" opacity="0.85"/>`;
  }
  return out;
};

const voices: Motif = (r, p, W, H) => {
  let out = '';
  for (let i = 0; i < 5; i++) {
    const [w, h] = [between(r, 260, 420), between(r, 140, 210)];
    const [x, y] = [between(r, 30, W - w - 30), between(r, 30, H - h - 120)];
    const c = p.accents[i % 4];
    out += `<g opacity="${(0.6 + r() * 0.35).toFixed(2)}"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="28" fill="${c}"/>`;
    out += `<path d="M${x + 50},${y + h - 2} l-10,48 l52,-48 Z" fill="${c}"/>`;
    for (let l = 0; l < 3; l++) {
      out += `<rect x="${x + 30}" y="${y + 35 + l * 38}" width="${Math.round((w - 60) * (l === 2 ? 0.6 : 1))}" height="14" rx="7" fill="#000" opacity="0.18"/>`;
    }
    out += '</g>';
  }
  return out;
};

export const MOTIFS: Record<string, Motif> = {
  actualite: horizon,
  politique: hemicycle,
  economie: growth,
  culture: rhythm,
  sport: motion,
  reussite: sunrise,
  'tribune-libre': voices,
};
