// @echogarden/rnnoise-wasm ships no types: its default export is the Emscripten module factory.
declare module '@echogarden/rnnoise-wasm' {
  const createRnnoise: () => Promise<unknown>;
  export default createRnnoise;
}
