package campaign_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"tandem/campaign"
	"tandem/internal/toy"
)

// Run a campaign of the toy fake-solver fuzzer, look at its distinct bugs,
// and replay the iteration that found the first one.
func Example() {
	dir, _ := os.MkdirTemp("", "campaign-example-")
	defer os.RemoveAll(dir)
	ctx := context.Background()

	sum, err := campaign.Run(ctx, dir, toy.FakeName, []byte(`{"rate":0.05,"bugs":3}`),
		campaign.Options{Seed: 1, Iterations: 2000, Workers: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d iterations, %d findings, %d distinct bugs\n", sum.Iterations, sum.Findings, sum.Signatures)

	st, _ := campaign.OpenStore(ctx, "", dir)
	defer st.Close()
	sigs, _ := st.Signatures(ctx, sum.Campaign)
	for _, s := range sigs {
		fmt.Printf("%-13s ×%-3d %s, trigger %d → %d bytes\n", s.Class, s.Count, s.ReduceStatus, s.SmallestSize, s.ReducedSize)
	}
	readme := filepath.Join(dir, campaign.FindingsDir, campaign.SignatureDirName(sigs[0].Class, sigs[0].Signature), "README.md")
	_, err = os.Stat(readme)
	fmt.Println("README.md written:", err == nil)

	r, _ := campaign.Replay(ctx, dir, sigs[0].FirstIter, "")
	fmt.Println("replay finds the same:", r.Same)
	// Output:
	// 2000 iterations, 132 findings, 3 distinct bugs
	// soundness     ×46  verified, trigger 339 → 21 bytes
	// invalid-model ×43  verified, trigger 318 → 18 bytes
	// crash         ×43  verified, trigger 377 → 23 bytes
	// README.md written: true
	// replay finds the same: true
}
