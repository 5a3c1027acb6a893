#!/bin/sh
timeout 3 z3 "$1" >/dev/null 2>&1; z=$?
r=$(timeout 3 cvc5 "$1" 2>/dev/null)
if [ $z = 124 ] && [ "$r" = sat ]; then echo YES; else echo NO; fi
