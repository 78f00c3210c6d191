"""Munchkin Shakespeare: its races and classes are the classic ones and live in the card data
(warrior wins ties, elf levels up for a monster helped to kill, dwarf keeps 6 cards and carries
any number of big items); one big item unless a card allows more (character.big_item_allowance and
decisions.ask_excess_big_items); "Halte einen Monolog" and "Die Schau stehlen" may give the winning
level ("reaches_level_10" in the card data, rules._check_play_level_up)."""
