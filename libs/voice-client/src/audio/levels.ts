/** RMS level (0..1) of what an analyser currently sees. */
export function levelOf(analyser: AnalyserNode | undefined): number {
  if (!analyser) return 0;
  const data = new Float32Array(analyser.fftSize);
  analyser.getFloatTimeDomainData(data);
  let sum = 0;
  for (let i = 0; i < data.length; i++) sum += (data[i] as number) ** 2;
  return Math.sqrt(sum / data.length);
}

/** The analyser's byte frequency data, or an empty array when there is none. */
export function frequencyOf(analyser: AnalyserNode | undefined): Uint8Array {
  if (!analyser) return new Uint8Array(0);
  const data = new Uint8Array(analyser.frequencyBinCount);
  analyser.getByteFrequencyData(data);
  return data;
}
