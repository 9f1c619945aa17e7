"""The World: entities, frozen components and a hex index, cheap to snapshot.

Components are frozen dataclasses replaced on change, never mutated, so a snapshot is a
shallow copy of a dict of dicts: fast enough for undo after every action and for thousands
of simulated fights. There is no global state; two worlds never share anything mutable.
Entity ids are never reused.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, KeysView
from typing import Any, TypeVar

from game.hexgrid import Hex
from game.memo import remembers

C = TypeVar("C")
EntityId = int

_OCCUPANT, _GROUPS = "hex index", "groups"
"""The names of the two indexes among the stores a world owns (`World._owned`)."""

_NO_STORE: dict = {}
"""What a component type nobody holds reads as: one shared empty dict, only ever read (a fresh
`{}` per lookup cost the simulator a measurable share of its time)."""


_DERIVING = remembers("world derived")

class World:
    """Entities with at most one component of each type, and an index of who stands where.

    The index covers components that declare `occupies(self) -> tuple[Hex, ...]`: the hexes a
    combatant blocks. At most one entity occupies a hex; placing a second is a bug, so it
    raises (the systems validate before they apply).

    The world also keeps each component type's groups: a component declaring
    `group(self) -> key` (an Allegiance's side) puts its entity in that group, so "everyone of
    this side" is a lookup, not a scan of every entity.

    A snapshot shares the component stores and indexes with the world it was taken from, and
    whichever of the two changes a store first copies it (copy on write): taking a snapshot
    costs a handful of pointers, and one action copies only the stores it changes.

    A value worked out from a few component types (who is still standing, each side's losses)
    is remembered with the stores it read (`derived`): a store no world owns any more never
    changes again, so while a world holds those very stores the value still holds, in every
    snapshot of the same fight, and it is worked out again only once one of them is replaced.
    """

    __slots__ = ("_stores", "_next_id", "_occupant", "_groups", "_owned", "_derived", "_edits", "_recent")

    def __init__(self) -> None:
        self._stores: dict[type, dict[EntityId, Any]] = {}
        self._next_id: EntityId = 1
        self._occupant: dict[Hex, EntityId] = {}
        self._groups: dict[tuple[type, Any], frozenset[EntityId]] = {}
        self._owned: set = {_OCCUPANT, _GROUPS}
        """The stores (component types) and indexes this world alone holds, changed in place;
        any other is shared with a snapshot and copied before its first change."""
        self._derived: dict[Callable, tuple[tuple, tuple, Any, World | None, tuple]] = {}
        """What `derived` remembers: compute -> (the stores read, given, the value, and for a
        value read from stores a world owned, that world and its `_edits` of each of them);
        shared with every snapshot, each entry holding only while a world holds the very stores
        read."""
        self._edits: dict[type, int] = {}
        """How many changes this world has made to each store (for `derived`)."""
        self._recent: dict[Callable, tuple[tuple, Any]] = {}
        """compute -> (given, value) of `derived` answers that hold while this world is unchanged
        (the first look, before any store is compared); handed on to a snapshot (the world read
        next), and started afresh by a change."""

    # -- entities -----------------------------------------------------------------------
    def spawn(self, *components: Any) -> EntityId:
        """A new entity holding the given components; returns its id."""
        entity = self._next_id
        self._next_id += 1
        for component in components:
            self.set(entity, component)
        return entity

    def despawn(self, entity: EntityId) -> None:
        """Remove an entity and all its components."""
        for kind in list(self._stores):
            if entity in self._stores[kind]:
                component = self._own(kind).pop(entity)
                self._unindex(entity, component)

    def entities(self) -> list[EntityId]:
        """Every entity holding at least one component, in id order."""
        found: set[EntityId] = set()
        for store in self._stores.values():
            found.update(store)
        return sorted(found)

    def exists(self, entity: EntityId) -> bool:
        """Whether the entity holds any component (`entity in entities()`, without listing them)."""
        return any(entity in store for store in self._stores.values())

    # -- components ---------------------------------------------------------------------
    def set(self, entity: EntityId, component: Any) -> None:
        """Give the entity this component, replacing one of the same type."""
        store = self._own(type(component))
        old = store.get(entity)
        if old is not None:
            self._unindex(entity, old)
        self._index(entity, component)
        store[entity] = component

    def remove(self, entity: EntityId, kind: type) -> None:
        """Take a component type off the entity (nothing happens if it has none)."""
        if entity in self._stores.get(kind, _NO_STORE):
            self._unindex(entity, self._own(kind).pop(entity))

    def _own(self, kind: type) -> dict[EntityId, Any]:
        """The store of a component type, made this world's own to change (copied if shared):
        called once for every change made to it, and counts it."""
        self._edits[kind] = self._edits.get(kind, 0) + 1
        self._recent = {}  # a new one: the old may be shared with a snapshot, still holding there
        store = self._stores.get(kind)
        if store is None:
            store = self._stores[kind] = {}
            self._owned.add(kind)
        elif kind not in self._owned:
            store = self._stores[kind] = dict(store)
            self._owned.add(kind)
        return store

    def _own_indexes(self) -> None:
        """Make the hex index and the groups this world's own to change (copied if shared)."""
        if _OCCUPANT not in self._owned:
            self._occupant, self._groups = dict(self._occupant), dict(self._groups)
            self._owned.update((_OCCUPANT, _GROUPS))

    def get(self, entity: EntityId, kind: type[C]) -> C:
        """The entity's component of this type; a KeyError means a bug in the caller."""
        return self._stores[kind][entity]

    def try_get(self, entity: EntityId, kind: type[C]) -> C | None:
        """The entity's component of this type, or None."""
        return self._stores.get(kind, _NO_STORE).get(entity)

    def has(self, entity: EntityId, kind: type) -> bool:
        """Whether the entity has a component of this type."""
        return entity in self._stores.get(kind, _NO_STORE)

    def query(self, *kinds: type) -> Iterator[tuple]:
        """(entity, component, ...) for every entity having all the types, in id order."""
        stores = [self._stores.get(kind, _NO_STORE) for kind in kinds]
        if len(stores) == 1:
            yield from sorted(stores[0].items())
            return
        smallest = min(stores, key=len)
        for entity in sorted(smallest):
            if all(entity in store for store in stores):
                yield (entity, *[store[entity] for store in stores])

    def holders(self, kind: type) -> KeysView[EntityId]:
        """The entities having this type, as a live read-only view (use it at once: set
        operations on it, `holders(A) - holders(B)`, make plain sets)."""
        return self._stores.get(kind, _NO_STORE).keys()

    def count(self, kind: type) -> int:
        """How many entities have this component type."""
        return len(self._stores.get(kind, _NO_STORE))

    def derived(self, kinds: tuple[type, ...], compute: Callable[..., C], *given: Any) -> C:
        """`compute(self, *given)`, which must read nothing of the world but the stores of
        `kinds` (always the same kinds for one `compute`, and the indexes made from them),
        remembered while this world holds the very stores it read, unchanged, and `given` is
        equal to what it was given. A store this world does not own is shared and never changed
        in place again (a change copies it first), so a value read from such stores holds in
        every world holding them; one read from stores a world owns (mid-action) holds until
        that world changes one of them (it counts its changes), in it and in its snapshots.
        `compute` should return an immutable value (it is handed to every caller). With memos
        off (`game.memo`) it is worked out afresh every time."""
        if not _DERIVING:
            return compute(self, *given)
        recent = self._recent.get(compute)
        if recent is not None and recent[0] == given:
            return recent[1]
        stores = self._stores
        entry = self._derived.get(compute)
        if entry is not None and entry[1] == given:
            read, _, value, owner, counted = entry
            for kind, store in zip(kinds, read):
                if stores.get(kind) is not store:
                    break
            else:
                if owner is None:
                    self._recent[compute] = (given, value)
                    return value
                edits = owner._edits
                for kind, count in counted:
                    if edits.get(kind, 0) != count:
                        break
                else:
                    self._recent[compute] = (given, value)
                    return value
        value = compute(self, *given)
        self._recent[compute] = (given, value)
        owned, edits = self._owned, self._edits
        counted = tuple((kind, edits.get(kind, 0)) for kind in kinds if kind in owned)
        self._derived[compute] = (tuple(stores.get(kind) for kind in kinds), given, value,
                                  self if counted else None, counted)
        return value

    # -- the hex index ------------------------------------------------------------------
    def at(self, hex_: Hex) -> EntityId | None:
        """The entity occupying this hex, or None."""
        return self._occupant.get(hex_)

    def occupied(self) -> dict[Hex, EntityId]:
        """A copy of the whole hex index."""
        return dict(self._occupant)

    # -- groups -------------------------------------------------------------------------
    def group(self, kind: type, key: Any) -> frozenset[EntityId]:
        """The entities whose component of this type declares this group key."""
        return self._groups.get((kind, key), frozenset())

    def groups(self, kind: type) -> dict[Any, frozenset[EntityId]]:
        """Every non-empty group of a component type, by key."""
        return {key: members for (k, key), members in self._groups.items() if k is kind and members}

    def _regroup(self, entity: EntityId, component: Any, joining: bool) -> None:
        group = getattr(component, "group", None)
        if group is None:
            return
        slot = (type(component), group())
        self._own_indexes()
        members = self._groups.get(slot, frozenset())
        self._groups[slot] = members | {entity} if joining else members - {entity}

    def _index(self, entity: EntityId, component: Any) -> None:
        self._regroup(entity, component, True)
        occupies = getattr(component, "occupies", None)
        if occupies is None:
            return
        for hex_ in occupies():
            holder = self._occupant.get(hex_)
            if holder is not None and holder != entity:
                raise ValueError(f"hex {hex_} is already occupied by entity {holder}")
        self._own_indexes()
        for hex_ in occupies():
            self._occupant[hex_] = entity

    def _unindex(self, entity: EntityId, component: Any) -> None:
        self._regroup(entity, component, False)
        occupies = getattr(component, "occupies", None)
        if occupies is None:
            return
        self._own_indexes()
        for hex_ in occupies():
            if self._occupant.get(hex_) == entity:
                del self._occupant[hex_]

    # -- snapshots ----------------------------------------------------------------------
    def snapshot(self) -> World:
        """An independent copy: the stores and indexes are shared until either world changes
        one, which copies it first (components and group member sets are immutable)."""
        copy = World.__new__(World)
        copy._stores = dict(self._stores)
        copy._next_id = self._next_id
        copy._occupant, copy._groups = self._occupant, self._groups
        copy._owned = set()
        copy._derived = self._derived
        copy._edits = {}
        copy._recent, self._recent = self._recent, {}  # the copy is the one read next; an old world keeps none
        self._owned = set()  # shared now: this world copies too before changing anything
        return copy

    def __getstate__(self) -> dict[str, Any]:
        """What a copy or a pickle of the world keeps: its components, ids and indexes, not the
        answers it remembers (`derived`), which a copy works out again as it needs them."""
        return {"stores": self._stores, "next_id": self._next_id, "occupant": self._occupant, "groups": self._groups}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__()
        self._stores, self._next_id = state["stores"], state["next_id"]
        self._occupant, self._groups = state["occupant"], state["groups"]
        self._owned = {_OCCUPANT, _GROUPS, *self._stores}  # a copy's stores are its own (none changed yet)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, World):
            return NotImplemented
        mine = {kind: store for kind, store in self._stores.items() if store}
        theirs = {kind: store for kind, store in other._stores.items() if store}
        return self._next_id == other._next_id and mine == theirs

    __hash__ = None  # type: ignore[assignment]
