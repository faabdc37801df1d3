package a64

// ST3 stores three consecutive registers from t to [x], interleaved by
// three (post: then advances x); the inverse of LD3.
func ST3(a Arr, t VReg, x XReg, post bool) Inst { return multi(false, 3, 3, a, t, x, post) }
