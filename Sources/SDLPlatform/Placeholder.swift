// SPDX-License-Identifier: MIT
import CSDL2
import CFontconfig
