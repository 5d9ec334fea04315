"""Models for ``python -m torch_patch check test/check_examples.py:NAME``.

Each NAME() returns ``(fn, inputs)`` or ``(fn, inputs, kwargs)``, the CLI's contract (docs/usage.md).
``test/test_check.py`` runs the CLI on ``user_mask``; docs/usage.md shows the report of ``gpt``.
"""

import torch
import torch.nn.functional as F


def tie_count(x, s):
    z = x / s
    return (z == z.max(-1).values.unsqueeze(-1)).sum(-1)  # a user-written mask (maxima per row)  # site: user


def user_mask():
    """A bf16 tie count in inference (``backward=False``): stock counts 0 maxima in rows that have one."""
    gen = torch.Generator().manual_seed(0)
    x = torch.randn(8, 16, generator=gen).bfloat16()
    s = torch.rand(8, 1, generator=gen).bfloat16() + 0.5
    return tie_count, (x, s), {"backward": False}


class CausalSelfAttention(torch.nn.Module):
    def __init__(self, n_embd: int, n_head: int, block: int) -> None:
        super().__init__()
        self.qkv, self.proj, self.n_head = torch.nn.Linear(n_embd, 3 * n_embd), torch.nn.Linear(n_embd, n_embd), n_head
        self.register_buffer("causal", torch.tril(torch.ones(block, block, dtype=torch.bool)))

    def forward(self, x):
        B, T, C = x.shape
        q, k, v = (t.view(B, T, self.n_head, C // self.n_head).transpose(1, 2) for t in self.qkv(x).split(C, -1))
        s = (q @ k.transpose(-2, -1)) * (C // self.n_head) ** -0.5
        s = s.masked_fill(~self.causal[:T, :T], float("-inf"))
        s = s - s.amax(-1, keepdim=True)  # a hand-written stable softmax
        p = s.exp()
        p = p / p.sum(-1, keepdim=True)
        return self.proj((p @ v).transpose(1, 2).reshape(B, T, C))


class Block(torch.nn.Module):
    def __init__(self, n_embd: int, n_head: int, block: int) -> None:
        super().__init__()
        self.ln1, self.ln2 = torch.nn.LayerNorm(n_embd), torch.nn.LayerNorm(n_embd)
        self.attn = CausalSelfAttention(n_embd, n_head, block)
        nn = torch.nn
        self.mlp = nn.Sequential(nn.Linear(n_embd, 4 * n_embd), nn.GELU(), nn.Linear(4 * n_embd, n_embd))

    def forward(self, x):
        x = x + self.attn(self.ln1(x))
        return x + self.mlp(self.ln2(x))


class GPT(torch.nn.Module):
    def __init__(self, vocab: int = 64, n_embd: int = 48, n_head: int = 2, layers: int = 2, block: int = 16) -> None:
        super().__init__()
        self.tok, self.pos = torch.nn.Embedding(vocab, n_embd), torch.nn.Embedding(block, n_embd)
        self.blocks = torch.nn.ModuleList(Block(n_embd, n_head, block) for _ in range(layers))
        self.ln, self.head = torch.nn.LayerNorm(n_embd), torch.nn.Linear(n_embd, vocab, bias=False)

    def forward(self, idx):
        x = self.tok(idx) + self.pos(torch.arange(idx.shape[1], device=idx.device))
        for block in self.blocks:
            x = block(x)
        return self.head(self.ln(x))


def gpt():
    """A 2-layer GPT (head dim 24) training in bf16, with a cross-entropy loss."""
    torch.manual_seed(0)
    model = GPT().bfloat16()
    idx = torch.randint(0, 64, (4, 16))
    targets = torch.randint(0, 64, (4, 16))
    return model, (idx,), {"loss": lambda logits: F.cross_entropy(logits.float().flatten(0, 1), targets.flatten())}


class GPTLoss(torch.nn.Module):
    """The GPT and its loss in one module, the logits upcast to float32 before cross_entropy, as most training
    code does: with float64 inputs and parameters its output is float32 unless ``check`` upcasts that cast."""

    def __init__(self) -> None:
        super().__init__()
        self.gpt = GPT()

    def forward(self, idx, targets):
        logits = self.gpt(idx)
        return F.cross_entropy(logits.float().flatten(0, 1), targets.flatten())


def gpt_loss():
    """``check(model, idx, targets)`` on a bf16 GPT whose forward returns the float32 loss."""
    torch.manual_seed(0)
    model = GPTLoss().bfloat16()
    return model, (torch.randint(0, 64, (4, 16)), torch.randint(0, 64, (4, 16)))
