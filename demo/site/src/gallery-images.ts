// Drawn stand-ins for the clinical photographs of the condition galleries (no photos ship with the demo).
import { escapeHtml } from './html';

interface Drawing {
  skin: string;
  mark: string;
  ring: string;
  /** spots: round blisters; welts: raised patches. */
  shape: 'spots' | 'welts' | 'scabs';
  label: string;
  seed: number;
}

export const GALLERY_IMAGES: Record<string, Drawing> = {
  'chickenpox-spots.svg': { skin: '#e8b796', mark: '#c0392b', ring: '#f5d5c0', shape: 'spots', label: 'Chickenpox spots on the chest', seed: 3 },
  'chickenpox-blisters.svg': { skin: '#8d5a3b', mark: '#f3e3c3', ring: '#6e4329', shape: 'spots', label: 'Chickenpox blisters on brown skin', seed: 11 },
  'chickenpox-scabs.svg': { skin: '#f1c7a8', mark: '#7b3f1d', ring: '#d89c7a', shape: 'scabs', label: 'Chickenpox spots crusting over', seed: 23 },
  'hives-arm.svg': { skin: '#f0c4a4', mark: '#e57373', ring: '#f8d8c8', shape: 'welts', label: 'Hives rash on the arm', seed: 5 },
  'hives-back.svg': { skin: '#6d4730', mark: '#8e5a3e', ring: '#5b3a26', shape: 'welts', label: 'Hives on dark skin', seed: 17 },
  'hives-face.svg': { skin: '#e9b99a', mark: '#d9534f', ring: '#f3cdb6', shape: 'welts', label: 'Swelling and hives around the eyes', seed: 29 },
};

/** mulberry32: the same drawing every time. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The SVG for a gallery file name, or undefined. */
export function galleryImage(name: string): string | undefined {
  const d = GALLERY_IMAGES[name];
  if (!d) return undefined;
  const next = random(d.seed);
  const marks: string[] = [];
  const count = d.shape === 'welts' ? 9 : 26;
  for (let i = 0; i < count; i++) {
    const x = Math.round(40 + next() * 560);
    const y = Math.round(40 + next() * 300);
    if (d.shape === 'welts') {
      const rx = Math.round(30 + next() * 50);
      const ry = Math.round(18 + next() * 30);
      marks.push(`<ellipse cx="${x}" cy="${y}" rx="${rx + 8}" ry="${ry + 8}" fill="${d.ring}" opacity="0.7"/><ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${ry}" fill="${d.mark}" opacity="0.55"/>`);
    } else {
      const size = Math.round(5 + next() * 9);
      marks.push(`<circle cx="${x}" cy="${y}" r="${size + 5}" fill="${d.ring}"/><circle cx="${x}" cy="${y}" r="${size}" fill="${d.mark}"${d.shape === 'scabs' ? ' opacity="0.85"' : ''}/>`);
    }
  }
  const label = escapeHtml(d.label);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 400" width="640" height="400" role="img" aria-label="${label}"><title>${label}</title><rect width="640" height="400" fill="${d.skin}"/>${marks.join('')}<rect y="368" width="640" height="32" fill="#000" opacity="0.45"/><text x="12" y="390" font-family="Arial, sans-serif" font-size="16" fill="#fff">${label} (illustration)</text></svg>`;
}
