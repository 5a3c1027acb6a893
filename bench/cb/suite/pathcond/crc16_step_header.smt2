; Path constraint around a CRC-16/CCITT update: starting from 0xffff, one
; byte must give 0xb915 ('A'); a second step from that state must give a
; CRC with its low byte clear.
(set-logic QF_BV)
(declare-cb crc16_step ((_ BitVec 16) (_ BitVec 8)) (_ BitVec 16))
(declare-const a (_ BitVec 8))
(declare-const b (_ BitVec 8))
(assert (= (crc16_step #xffff a) #xb915))
(assert (= ((_ extract 7 0) (crc16_step #xb915 b)) #x00))
(check-sat)
