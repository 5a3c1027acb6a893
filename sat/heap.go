package sat

// varHeap is a binary max-heap of variables ordered by activity (MiniSat's
// order heap), with each variable's position for decrease-key.
type varHeap struct {
	act  *[]float64
	heap []uint32
	pos  []int32 // -1 when absent
}

func (h *varHeap) size() int             { return len(h.heap) }
func (h *varHeap) at(i int) uint32       { return h.heap[i] }
func (h *varHeap) less(a, b uint32) bool { return (*h.act)[a] > (*h.act)[b] }

func (h *varHeap) contains(v uint32) bool { return int(v) < len(h.pos) && h.pos[v] >= 0 }

func (h *varHeap) insert(v uint32) {
	for len(h.pos) <= int(v) {
		h.pos = append(h.pos, -1)
	}
	if h.pos[v] >= 0 {
		return
	}
	h.pos[v] = int32(len(h.heap))
	h.heap = append(h.heap, v)
	h.up(v)
}

func (h *varHeap) up(v uint32) {
	i := int(h.pos[v])
	for i > 0 {
		p := (i - 1) / 2
		if !h.less(v, h.heap[p]) {
			break
		}
		h.heap[i] = h.heap[p]
		h.pos[h.heap[i]] = int32(i)
		i = p
	}
	h.heap[i] = v
	h.pos[v] = int32(i)
}

func (h *varHeap) down(i int) {
	v := h.heap[i]
	n := len(h.heap)
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if c+1 < n && h.less(h.heap[c+1], h.heap[c]) {
			c++
		}
		if !h.less(h.heap[c], v) {
			break
		}
		h.heap[i] = h.heap[c]
		h.pos[h.heap[i]] = int32(i)
		i = c
	}
	h.heap[i] = v
	h.pos[v] = int32(i)
}

func (h *varHeap) pop() uint32 {
	v := h.heap[0]
	last := h.heap[len(h.heap)-1]
	h.heap = h.heap[:len(h.heap)-1]
	h.pos[v] = -1
	if len(h.heap) > 0 {
		h.heap[0] = last
		h.pos[last] = 0
		h.down(0)
	}
	return v
}
