// SPDX-License-Identifier: MIT
import CUdev
