"""Fast trick play over card masks (bots/cards.py) for the bots' search: legal cards, the trick's
winner (WH5), a quick heuristic player for playouts, and playing a deal out.

A position is (hands, leader, trick, trump): four masks, the seat that led the current trick,
its cards so far (ints, from the leader on) and the trump suit (-1: no trump)."""

from __future__ import annotations

from .cards import SUIT_MASKS, highest, lowest


def legal_mask(hand: int, trick: list[int]) -> int:
    """WH5: the cards of the suit led if the hand holds any, else every card."""
    if trick:
        follow = hand & SUIT_MASKS[trick[0] // 13]
        if follow:
            return follow
    return hand


def winning_index(trick: list[int], trump: int) -> int:
    """Index in `trick` of the card that wins it so far (WH5)."""
    led = trick[0] // 13
    best, best_key = 0, -1
    for i, card in enumerate(trick):
        s = card // 13
        key = card % 13 + (26 if s == trump else 13 if s == led else 0)
        if key > best_key:
            best, best_key = i, key
    return best


def above(mask: int, card: int) -> int:
    """The cards of `mask` above `card` (same suit when `mask` is one suit's cards)."""
    return mask >> (card + 1) << (card + 1)


def quick_card(hand: int, trick: list[int], trump: int, in_play: int) -> int:
    """A plain-sense card for playouts: cash winners or lead low from the longest side suit;
    follow low unless the trick needs winning (cheapest sure winner, third hand high); ruff
    what the opponents win; discard low. `in_play`: every card still held by anyone."""
    if not trick:
        return _lead(hand, trump, in_play)
    led = trick[0] // 13
    follow = hand & SUIT_MASKS[led]
    w = winning_index(trick, trump)
    best = trick[w]
    partner_winning = w == len(trick) - 2
    last = len(trick) == 3
    if follow:
        if best // 13 != led:  # trumped: nothing of this suit can win
            return lowest(follow)
        others = in_play & ~hand & SUIT_MASKS[led]
        top_out = highest(others) if others else -1
        if partner_winning and (last or best > top_out):
            return lowest(follow)
        beating = above(follow, best)
        if not beating or len(trick) == 1:  # second hand low
            return lowest(follow)
        sure = above(beating, top_out) if not last else beating
        if sure:
            return lowest(sure)
        return highest(beating) if len(trick) == 2 else lowest(beating)
    trumps = hand & SUIT_MASKS[trump] if trump >= 0 else 0
    if trumps and not partner_winning:
        if best // 13 == trump:
            over = above(trumps, best)
            if over:
                return lowest(over)
        else:
            return lowest(trumps)
    return _discard(hand, trump)


def _lead(hand: int, trump: int, in_play: int) -> int:
    longest, longest_len = -1, -1
    for s in range(4):
        mine = hand & SUIT_MASKS[s]
        if not mine or s == trump:
            continue
        if highest(mine) == highest(in_play & SUIT_MASKS[s]):
            return highest(mine)  # a sure winner in a side suit
        n = mine.bit_count()
        if n > longest_len:
            longest, longest_len = s, n
    if longest >= 0:
        return lowest(hand & SUIT_MASKS[longest])
    trumps = hand & SUIT_MASKS[trump]
    return (
        highest(trumps)
        if highest(trumps) == highest(in_play & SUIT_MASKS[trump])
        else lowest(trumps)
    )


def _discard(hand: int, trump: int) -> int:
    """The lowest card of the side suits, else the lowest trump."""
    best = -1
    for s in range(4):
        mine = hand & SUIT_MASKS[s]
        if mine and s != trump:
            card = lowest(mine)
            if best < 0 or card % 13 < best % 13:
                best = card
    return best if best >= 0 else lowest(hand)


def playout(hands: list[int], leader: int, trick: list[int], trump: int) -> list[int]:
    """Play the deal out with quick_card for every seat; tricks won per team from here.
    `hands` and `trick` are changed (pass copies)."""
    won = [0, 0]
    in_play = hands[0] | hands[1] | hands[2] | hands[3]
    while in_play or trick:
        if len(trick) == 4:
            winner = (leader + winning_index(trick, trump)) % 4
            won[winner % 2] += 1
            leader, trick = winner, []
            if not in_play:
                break
            continue
        seat = (leader + len(trick)) % 4
        card = quick_card(hands[seat], trick, trump, in_play)
        bit = 1 << card
        hands[seat] ^= bit
        in_play ^= bit
        trick.append(card)
    return won
