package sat

import (
	"reflect"
	"strings"
	"testing"
	"unicode"
)

// Every field of Options can be set by its lowerCamelCase name, every
// value name of an enumerated option round-trips through String and Set,
// and a wrong value is refused with the names to choose from: the one
// table of names that `tandem sat` and satfuzz's option model both use.
func TestOptionsSetEveryField(t *testing.T) {
	rt := reflect.TypeOf(Options{})
	for i := range rt.NumField() {
		f := rt.Field(i)
		name := string(unicode.ToLower(rune(f.Name[0]))) + f.Name[1:]
		if f.Name == "KeepLBD" {
			name = "keepLBD"
		}
		var o Options
		vals := OptionValues(name)
		if vals == nil {
			if err := o.Set(name, "3"); err != nil {
				t.Errorf("Set(%q, 3): %v", name, err)
			} else if reflect.ValueOf(o).Field(i).IsZero() {
				t.Errorf("Set(%q, 3) left %s zero", name, f.Name)
			}
			continue
		}
		for k, v := range vals {
			if err := o.Set(name, strings.ToUpper(v)); err != nil {
				t.Fatalf("Set(%q, %q): %v", name, v, err)
			}
			fv := reflect.ValueOf(o).Field(i)
			if int(fv.Int()) != k || fv.Interface().(interface{ String() string }).String() != v {
				t.Errorf("Set(%q, %q) gave %v (%d), want constant %d", name, v, fv.Interface(), fv.Int(), k)
			}
		}
		err := o.Set(name, "bogus")
		if err == nil || !strings.Contains(err.Error(), strings.Join(vals, ", ")) {
			t.Errorf("Set(%q, bogus): %v, want the names to choose from", name, err)
		}
	}
	var o Options
	if err := o.Set("nosuch", "1"); err == nil {
		t.Error("Set of an unknown option succeeded")
	}
	if err := o.Set("lubyUnit", "x"); err == nil {
		t.Error("Set(lubyUnit, x) succeeded")
	}
}
