#!/usr/bin/python3
"""Fieldcraft's speech-recognition worker: pocketsphinx loaded ONCE, utterances over stdin.

A separate program (run by Debian's /usr/bin/python3 with python3-pocketsphinx), so the GPL/BSD
native code never links into the Node process and a crash only costs a restart.

Protocol (one request at a time, answered in order):
  request  = one JSON line, then exactly `bytes` raw bytes when the request says so
  response = one JSON line with the same `id`
Requests:
  {"op":"recognize","id":N,"bytes":B}  + B bytes of mono int16 little-endian PCM at 16 kHz
      -> {"id":N,"text":"lower case words","confidence":0..1,"lm":"stock"|"library","cpu_ms":T}
  {"op":"load_lm","id":N,"path":"/abs/library.lm"}   -> {"id":N,"ok":true} (switches to it)
  {"op":"use_stock","id":N}                          -> {"id":N,"ok":true}
  {"op":"lm_probs","id":N,"ngrams":[["w","h1","h2"],...]}
      -> {"id":N,"log10":[...]}: log10 P(w | h2 h1) of the STOCK model (history most recent first)
At start it prints {"ready":true,...} once the models are loaded, or {"fatal":"..."} and exits.
"""

import json
import math
import os
import sys
import time

MODEL_DIR = os.environ.get("FC_SPHINX_MODEL_DIR", "/usr/share/pocketsphinx/model/en-us")
# "legacy" = the settings before per-utterance state (kept for the benchmark's comparison).
PROFILE = os.environ.get("FC_ASR_PROFILE", "default")
FILLERS = {"<s>", "</s>", "<sil>", "[NOISE]", "[SPEECH]"}
LOG10_BASE = math.log10(1.0001)  # sphinxbase's default log base


def send(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def make_decoder(ps):
    config = ps.Decoder.default_config()
    config.set_string("-hmm", os.path.join(MODEL_DIR, "en-us"))
    config.set_string("-lm", os.path.join(MODEL_DIR, "en-us.lm.bin"))
    config.set_string("-dict", os.path.join(MODEL_DIR, "cmudict-en-us.dict"))
    config.set_string("-logfn", os.devnull)
    if PROFILE == "legacy":
        # The narrower search used before: about a quarter less CPU, more wrong words.
        config.set_int("-maxhmmpf", 4000)
        config.set_int("-maxwpf", 10)
        config.set_int("-pl_window", 5)
        config.set_int("-topn", 2)
        config.set_boolean("-dither", True)
        config.set_int("-seed", 1)
    else:
        # Every utterance starts from the same state, so the same audio gives the same words
        # whoever spoke before: the front end's noise estimate (-remove_noise) carries over from
        # one utterance to the next, and so would the dither's random sequence. Digital silence
        # (a muted or fake microphone) still needs dither to keep the cepstral mean finite: the
        # Node side adds it, with the same seed for every utterance.
        config.set_boolean("-dither", False)
        config.set_boolean("-remove_noise", False)
    # Benchmark-only overrides ({"-lw": 8.0, ...}); the server never sets this.
    for name, value in json.loads(os.environ.get("FC_ASR_DECODER") or "{}").items():
        if isinstance(value, bool):
            config.set_boolean(name, value)
        elif isinstance(value, int):
            config.set_int(name, value)
        elif isinstance(value, float):
            config.set_float(name, value)
        else:
            config.set_string(name, str(value))
    return ps.Decoder(config)


def base_word(word):
    cut = word.find("(")
    return word if cut < 0 else word[:cut]


def recognize(decoder, pcm):
    decoder.start_utt()
    decoder.process_raw(pcm, False, True)
    decoder.end_utt()
    hyp = decoder.hyp()
    if hyp is None:
        return "", 0.0
    words = []
    posteriors = []
    logmath = decoder.get_logmath()
    for seg in decoder.seg():
        if seg.word in FILLERS:
            continue
        words.append(base_word(seg.word))
        posteriors.append(min(1.0, max(0.0, logmath.exp(seg.prob))))
    if not words:
        return "", 0.0
    return " ".join(words).lower(), sum(posteriors) / len(posteriors)


def read_exact(stream, n):
    chunks = []
    while n > 0:
        chunk = stream.read(n)
        if not chunk:
            raise EOFError
        chunks.append(chunk)
        n -= len(chunk)
    return b"".join(chunks)


def main():
    try:
        from pocketsphinx import pocketsphinx as ps
    except Exception as err:  # noqa: BLE001 - reported to the parent as text
        send({"fatal": "python3-pocketsphinx is not importable: %s" % err})
        return 1
    try:
        decoder = make_decoder(ps)
    except Exception as err:  # noqa: BLE001
        send({"fatal": "pocketsphinx could not load its model from %s: %s" % (MODEL_DIR, err)})
        return 1
    stock = decoder.get_lm(decoder.get_search())
    current = "stock"
    send({"ready": True, "pid": os.getpid(), "model": MODEL_DIR, "profile": PROFILE})

    stdin = sys.stdin.buffer
    while True:
        line = stdin.readline()
        if not line:
            return 0
        try:
            req = json.loads(line)
        except ValueError:
            send({"id": None, "error": "bad request line"})
            continue
        rid = req.get("id")
        op = req.get("op")
        try:
            if op == "recognize":
                pcm = read_exact(stdin, int(req.get("bytes", 0)))
                cpu = time.process_time()
                text, confidence = recognize(decoder, pcm)
                cpu_ms = (time.process_time() - cpu) * 1000
                send({"id": rid, "text": text, "confidence": confidence, "lm": current,
                      "cpu_ms": round(cpu_ms, 1)})
            elif op == "load_lm":
                # Two alternating search names: the new model loads beside the one in use, then
                # takes over; the next load replaces the older one (memory stays bounded).
                name = "library_b" if decoder.get_search() == "library_a" else "library_a"
                decoder.set_lm_file(name, req["path"])
                decoder.set_search(name)
                current = "library"
                send({"id": rid, "ok": True})
            elif op == "use_stock":
                decoder.set_search("_default")
                current = "stock"
                send({"id": rid, "ok": True})
            elif op == "lm_probs":
                out = []
                for ngram in req["ngrams"]:
                    out.append(stock.prob([str(w) for w in ngram]) * LOG10_BASE)
                send({"id": rid, "log10": out})
            elif op == "exit":
                send({"id": rid, "ok": True})
                return 0
            else:
                send({"id": rid, "error": "unknown op %r" % op})
        except EOFError:
            return 0
        except Exception as err:  # noqa: BLE001 - one bad request must not end the worker
            send({"id": rid, "error": str(err)})


if __name__ == "__main__":
    sys.exit(main())
