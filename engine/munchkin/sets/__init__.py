"""Each set's own mechanics, one module per set (rulebook sections named in each), with cult.py (the
Kultisten the shared rules ask about), common.py (card handlers several sets use) and hooks.py (the
few places the shared rules ask the sets). The package imports none of them: registry_load.py does."""
