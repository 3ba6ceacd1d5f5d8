/** @module The analysers text fields and full-text queries use (placeholder until the analysis module lands). */
export interface AnalyzedToken {
  readonly term: string;
  readonly position: number;
}

export function analyzeText(analyzer: string, text: string): AnalyzedToken[] {
  const words = analyzer === 'keyword' ? [text] : analyzer === 'whitespace' ? text.split(/\s+/).filter(Boolean) : (text.toLowerCase().match(/[\p{L}\p{N}_']+/gu) ?? []);
  return words.map((term, position) => ({ term, position }));
}
