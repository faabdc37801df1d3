package mlkem

import (
	"errors"
	"github.com/crystals-go/crystals/internal/accel/cpu"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
	"github.com/crystals-go/crystals/internal/vectors/mlkemvectors"
)

// engineVectors drives the engine for the shared vector runners.
type engineVectors struct{}

var paramsByName = map[string]*Params{
	"ML-KEM-512":  MLKEM512,
	"ML-KEM-768":  MLKEM768,
	"ML-KEM-1024": MLKEM1024,
}

func (engineVectors) KeyGen(set string, seed []byte) (ek, dk []byte, err error) {
	var key DecapsulationKey
	if err := key.SetSeed(paramsByName[set], seed); err != nil {
		return nil, nil, err
	}
	return key.EncapsulationKey().AppendBytes(nil), key.AppendExpanded(nil), nil
}

func (engineVectors) Encapsulate(set string, ekBytes, m []byte) (sharedKey, c []byte, err error) {
	p := paramsByName[set]
	var ek EncapsulationKey
	if err := ek.SetBytes(p, ekBytes); err != nil {
		return nil, nil, err
	}
	if len(m) != MessageSize {
		return nil, nil, errors.New("m must be 32 bytes")
	}
	var k [SharedKeySize]byte
	c = make([]byte, p.CiphertextSize())
	err = ek.EncapsulateInternal(&k, c, (*[MessageSize]byte)(m))
	return k[:], c, err
}

func decapsulate(dk *DecapsulationKey, c []byte) (ek, sharedKey []byte, err error) {
	var k [SharedKeySize]byte
	if err := dk.Decapsulate(&k, c); err != nil {
		return nil, nil, err
	}
	return dk.EncapsulationKey().AppendBytes(nil), k[:], nil
}

func (engineVectors) DecapsulateExpanded(set string, dkBytes, c []byte) (ek, sharedKey []byte, err error) {
	var dk DecapsulationKey
	if err := dk.SetExpanded(paramsByName[set], dkBytes); err != nil {
		return nil, nil, err
	}
	return decapsulate(&dk, c)
}

func (engineVectors) DecapsulateSeed(set string, seed, c []byte) (ek, sharedKey []byte, err error) {
	var dk DecapsulationKey
	if err := dk.SetSeed(paramsByName[set], seed); err != nil {
		return nil, nil, err
	}
	return decapsulate(&dk, c)
}

func (engineVectors) CheckEncapsulationKey(set string, ek []byte) error {
	return new(EncapsulationKey).SetBytes(paramsByName[set], ek)
}

func (engineVectors) CheckDecapsulationKey(set string, dk []byte) error {
	return new(DecapsulationKey).SetExpanded(paramsByName[set], dk)
}

// The conformance suites run once per SIMD level (cputest.ForEachLevel)
// and lane width (eachLaneWidth).

func TestACVP(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) {
		eachLaneWidth(t, func(t *testing.T) { mlkemvectors.ACVP(t, engineVectors{}) })
	})
}

func TestWycheproof(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) {
		eachLaneWidth(t, func(t *testing.T) { mlkemvectors.Wycheproof(t, engineVectors{}) })
	})
}

func TestCCTV(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) {
		eachLaneWidth(t, func(t *testing.T) { mlkemvectors.CCTV(t, engineVectors{}) })
	})
}

// eachLaneWidth runs f as subtests with the plans' lanes priced so that
// schedules never take eight lanes ("x4") and so that they always do where
// they may ("x8"), whatever the CPU: the schedules the level would pick on
// another machine.
func eachLaneWidth(t *testing.T, f func(t *testing.T)) {
	saved := lanesX8Cost
	t.Cleanup(func() { lanesX8Cost = saved })
	for _, cost := range []int{0, 1} {
		t.Run(map[int]string{0: "x4", 1: "x8"}[cost], func(t *testing.T) {
			lanesX8Cost = func() int { return cost }
			f(t)
		})
	}
}

// TestExpandedKeyErrors checks that the dk import reports which check failed.
func TestExpandedKeyErrors(t *testing.T) {
	for _, p := range []*Params{MLKEM512, MLKEM768, MLKEM1024} {
		dk := make([]byte, p.DecapsulationKeySize())
		ek := dk[encodedPolySize*p.K : encodedPolySize*p.K+p.EncapsulationKeySize()]
		ek[0], ek[1] = 0xff, 0x0f // coefficient 4095
		if err := new(DecapsulationKey).SetExpanded(p, dk); !errors.Is(err, ErrDecapsulationKeyModulus) {
			t.Errorf("%s: non-reduced embedded ek: %v", p.Name, err)
		}
	}
}
