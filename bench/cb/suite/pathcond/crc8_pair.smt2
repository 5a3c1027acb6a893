; Path constraint around CRC-8 of two header bytes: the first must be 'Z'
; by its CRC (0x81), the second byte's CRC must have its top nibble clear,
; and the two bytes read as a little-endian word are a multiple of 7.
(set-logic QF_BV)
(declare-cb crc8 ((_ BitVec 8)) (_ BitVec 8))
(declare-const a (_ BitVec 8))
(declare-const b (_ BitVec 8))
(assert (= (crc8 a) #x81))
(assert (= ((_ extract 7 4) (crc8 b)) #x0))
(assert (not (= b #x00)))
(assert (= (bvurem (concat b a) #x0007) #x0000))
(check-sat)
