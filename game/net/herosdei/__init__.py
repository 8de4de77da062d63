"""HerosDeï's own pieces of the LAN: the decks its players bring (``own_decks.py``)."""
