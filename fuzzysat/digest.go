package fuzzysat

// digestSet is the set of assignments tried in one search (the code's
// processed set): open addressing over 64-bit digests with a generation
// stamp, so clearing it between goals costs nothing and its memory is
// reused from query to query (it lives in the Analyzer). When the bytes
// that vary are at most eight, the digest is the bytes themselves, so the
// set is exact; beyond that it is a 64-bit hash.
type digestSet struct {
	slots []digestSlot
	gen   uint32
	n     int
	max   int
}

type digestSlot struct {
	key uint64
	gen uint32
}

// reset empties the set; it holds at most max digests from now on.
func (d *digestSet) reset(max int) {
	d.gen++
	if d.gen == 0 {
		clear(d.slots)
		d.gen = 1
	}
	d.n, d.max = 0, max
}

// seen reports whether h is in the set, adding it when it is not (unless
// the set is full).
func (d *digestSet) seen(h uint64) bool {
	if len(d.slots) == 0 {
		d.slots = make([]digestSlot, 1024)
	}
	mask := uint64(len(d.slots) - 1)
	for i := fmix64(h) & mask; ; i = (i + 1) & mask {
		s := &d.slots[i]
		if s.gen != d.gen {
			if d.n >= d.max {
				return false
			}
			if 2*(d.n+1) > len(d.slots) {
				d.grow()
				return d.seen(h)
			}
			s.key, s.gen = h, d.gen
			d.n++
			return false
		}
		if s.key == h {
			return true
		}
	}
}

func (d *digestSet) grow() {
	old := d.slots
	d.slots = make([]digestSlot, 2*len(old))
	mask := uint64(len(d.slots) - 1)
	for _, s := range old {
		if s.gen != d.gen {
			continue
		}
		i := fmix64(s.key) & mask
		for d.slots[i].gen == d.gen {
			i = (i + 1) & mask
		}
		d.slots[i] = s
	}
}

// fmix64 is MurmurHash3's finalizer: every input bit reaches every output
// bit, so the low bits index the table well.
func fmix64(h uint64) uint64 {
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return h
}

// digestOf is the digest of b's bytes at idx: the bytes themselves when
// there are at most eight (exact), else their FNV-1a hash.
func digestOf(b []byte, idx []int) uint64 {
	if len(idx) <= 8 {
		var h uint64
		for _, i := range idx {
			h = h<<8 | uint64(b[i])
		}
		return h
	}
	h := uint64(0xcbf29ce484222325)
	for _, i := range idx {
		h ^= uint64(b[i])
		h *= 0x100000001b3
	}
	return h
}
