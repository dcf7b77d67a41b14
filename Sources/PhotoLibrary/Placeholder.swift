// SPDX-License-Identifier: MIT
import CExif
