/// The screen table's probes, written once for the slots as one array and
/// as chunks (ChunkedArray): a table of up to 256 slots, every table a
/// search makes, is probed as the plain array it is, with no look at
/// whether it is chunked on each slot read.
extension ScreenTable {
    /// The slot holding `key` in `slots`, or nil (linear probing).
    static func probe<Slots: RandomAccessCollection<Slot>>(_ slots: Slots, for key: UInt64) -> Int?
    where Slots.Index == Int {
        let mask = slots.count &- 1
        var i = home(key, mask: mask)
        while true {
            let k = slots[i].key
            if k == key { return i }
            if k == 0 { return nil }
            i = (i &+ 1) & mask
        }
    }

    /// Puts `slot` in the first free slot of its probe path.
    static func place<Slots: MutableCollection<Slot>>(_ slot: Slot, in slots: inout Slots)
    where Slots.Index == Int {
        let mask = slots.count &- 1
        var i = home(slot.key, mask: mask)
        while slots[i].key != 0 { i = (i &+ 1) & mask }
        slots[i] = slot
    }

    /// Linear probing's deletion of the slot at `index`: later entries of
    /// the run move back, so no tombstones.
    static func empty<Slots: MutableCollection<Slot>>(at index: Int, in slots: inout Slots)
    where Slots.Index == Int {
        let mask = slots.count &- 1
        var hole = index
        var i = (index &+ 1) & mask
        while slots[i].key != 0 {
            let slot = slots[i]
            let home = home(slot.key, mask: mask)
            // Move the entry back if the hole lies on its probe path (cyclically in [home, i)).
            if (hole &- home) & mask < (i &- home) & mask {
                slots[hole] = slot
                hole = i
            }
            i = (i &+ 1) & mask
        }
        slots[hole] = Slot(key: 0, fields: 0)
    }
}
