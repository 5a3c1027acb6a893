package solver

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseSize reads a byte count such as "2GiB", "512MiB", "1.5G", "64k" or
// "1000000". Binary (KiB, MiB, GiB, TiB) and decimal (KB, MB, GB, TB)
// suffixes are case-insensitive; a bare K, M, G or T is binary.
func ParseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	l := strings.ToLower(t)
	mult := float64(1)
	for _, u := range []struct {
		suf string
		m   float64
	}{
		{"kib", 1 << 10}, {"mib", 1 << 20}, {"gib", 1 << 30}, {"tib", 1 << 40},
		{"kb", 1e3}, {"mb", 1e6}, {"gb", 1e9}, {"tb", 1e12},
		{"k", 1 << 10}, {"m", 1 << 20}, {"g", 1 << 30}, {"t", 1 << 40}, {"b", 1},
	} {
		if strings.HasSuffix(l, u.suf) {
			l, mult = strings.TrimSpace(strings.TrimSuffix(l, u.suf)), u.m
			break
		}
	}
	v, err := strconv.ParseFloat(l, 64)
	if err != nil || v < 0 || v*mult > 1<<62 {
		return 0, fmt.Errorf("invalid size %q: write a number of bytes with an optional unit, e.g. 2GiB, 512MiB, 1G", s)
	}
	return int64(v * mult), nil
}

// FormatSize prints a byte count with a binary unit, e.g. "12.3 MiB".
func FormatSize(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit && exp < 4; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTP"[exp])
}
