// SPDX-License-Identifier: MIT
import CLibYUV
import CTurboJPEG
