// The construction thesaurus: the words a crew member says mapped to the words site documents
// use ("digger" → "excavator", "hoover" → "vacuum", "orange" → "amber"). A question's word
// matches a document when the document has the word or one of its entries. The list below is
// the default; the owner extends it with a file named by ADVISOR_THESAURUS_FILE (lines of
// `word: synonym, synonym`, `#` starts a comment), read at start (docs/voice-advisor.md).
import { readFileSync } from 'node:fs';

/** Single words, lower case; matching is by stem, both in SQL and in the sentence scorer. */
export const DEFAULT_THESAURUS: Record<string, string[]> = {
  deep: ['depth'],
  depth: ['deep'],
  hole: ['excavation'],
  helmet: ['hardhat', 'hat'],
  hardhat: ['helmet', 'hat'],
  trench: ['excavation'],
  trenching: ['excavation'],
  excavation: ['trench'],
  dig: ['excavation', 'trench', 'digging'],
  digging: ['excavation', 'trench'],
  digger: ['excavator', 'machine'],
  jcb: ['excavator', 'machine'],
  goggles: ['eye', 'glasses'],
  glasses: ['eye', 'goggles'],
  boots: ['footwear'],
  shoes: ['footwear', 'boots'],
  earplugs: ['hearing'],
  ear: ['hearing'],
  ears: ['hearing'],
  defenders: ['protection'],
  muffs: ['protection', 'hearing'],
  fall: ['harness'],
  falling: ['fall', 'harness'],
  height: ['fall'],
  heights: ['fall'],
  electrical: ['electric', 'energized'],
  electricity: ['electrical', 'energized'],
  crane: ['lift', 'rigging'],
  cure: ['curing'],
  curing: ['cure'],
  wet: ['moist'],
  steep: ['angle', 'batter', 'battered'],
  slope: ['angle', 'batter', 'battered'],
  hoover: ['vacuum', 'extraction'],
  brush: ['sweep'],
  sweep: ['brush'],
  cables: ['lines', 'cable'],
  wires: ['lines', 'cable'],
  wagon: ['truck', 'lorry', 'lorries', 'vehicle'],
  wagons: ['trucks', 'tipper', 'lorries'],
  lorry: ['truck', 'wagon', 'vehicle'],
  truck: ['lorry', 'wagon', 'vehicle'],
  van: ['car', 'vehicle'],
  orange: ['amber'],
  light: ['beacon', 'lights'],
  swinging: ['slewing'],
  swing: ['slew', 'lifted'],
  shut: ['close', 'closes'],
  smoke: ['smoking'],
  defib: ['defibrillator'],
  meet: ['assembly', 'muster'],
  chuck: ['skip', 'waste'],
  climb: ['enter', 'enters', 'climbing'],
  morning: ['day', 'daily'],
  legs: ['outriggers'],
  ticket: ['card', 'certificate'],
  kango: ['breaker'],
  hurt: ['injury', 'emergency'],
  ring: ['call', 'phone'],
  number: ['phone'],
  mask: ['ffp3', 'respirator'],
  lads: ['operatives', 'gang'],
  hands: ['hand'],
  caves: ['collapses'],
  cave: ['collapse'],
  rescan: ['scan'],
};

/** Parses an owner's thesaurus file: `word: synonym, synonym` per line. */
export function parseThesaurus(text: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*$/, '').trim();
    const m = /^([a-z0-9]+)\s*:\s*(.+)$/i.exec(line);
    if (!m?.[1] || !m[2]) continue;
    const entries = m[2]
      .split(',')
      .map((w) => w.trim().toLowerCase())
      .filter((w) => /^[a-z0-9]+$/.test(w));
    if (entries.length) out[m[1].toLowerCase()] = entries;
  }
  return out;
}

function load(): Record<string, string[]> {
  const file = process.env.ADVISOR_THESAURUS_FILE?.trim();
  if (!file) return DEFAULT_THESAURUS;
  const extra = parseThesaurus(readFileSync(file, 'utf8'));
  const merged: Record<string, string[]> = { ...DEFAULT_THESAURUS };
  for (const [word, list] of Object.entries(extra)) {
    merged[word] = [...new Set([...(merged[word] ?? []), ...list])];
  }
  return merged;
}

/** The thesaurus in use: the default plus the owner's file, read once. */
export const THESAURUS: Record<string, string[]> = load();
